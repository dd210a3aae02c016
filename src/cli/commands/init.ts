import type { CliCommand } from '../command'

export const initCommand: CliCommand = {
  words: ['init'],
  summary: 'create the home folder with defaults (idempotent)',
  usage: 'hearth init [--home DIR]',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    // Opening the core creates the home; app.info says where it is.
    const { home } = await ctx.call('app.info', {})
    return { data: { home }, text: `Hearth home ready at ${home}` }
  }
}
