import type { CliCommand } from '../command'

export const initCommand: CliCommand = {
  words: ['init'],
  summary: 'create the home folder with defaults (idempotent)',
  usage: 'hearth init [--home DIR]',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const { paths } = ctx.core().services
    return { data: { home: paths.root }, text: `Hearth home ready at ${paths.root}` }
  }
}
