import { resolve } from 'node:path'
import { readTextFile } from '../../core/home/readText'
import { HearthError } from '../../core/errors'
import { ScanScope, type AssembledPromptView } from '../../shared/contract'
import type { CliCommand, CommandContext } from '../command'
import { agentOrFirst, choiceOption, stringOption } from '../options'

/** A string option, with a blank value counting as absent (`--model ""` means the configured one). */
function nonBlank(ctx: CommandContext, name: string): string | undefined {
  const value = stringOption(ctx, name)
  return value !== undefined && value.trim() !== '' ? value : undefined
}

function describe(view: AssembledPromptView): string {
  const rows = view.layers.map((layer) => {
    const flags = [
      layer.truncated ? 'TRUNCATED' : '',
      layer.blocked.length > 0 ? `BLOCKED(${layer.blocked.join(',')})` : ''
    ].filter(Boolean)
    return `  ${layer.tier.padEnd(8)} ${layer.id.padEnd(18)} ${String(layer.tokens).padStart(6)} tok  ${layer.source ?? '(built-in)'} ${flags.join(' ')}`.trimEnd()
  })
  const warnings = view.warnings.map((warning) => `  ! ${warning}`)
  return [
    view.text,
    '',
    `--- ${view.tokens} tokens (estimate), model ${view.model}, platform ${view.platform}`,
    ...rows,
    ...warnings
  ].join('\n')
}

const prompt: CliCommand = {
  words: ['prompt'],
  summary: 'assemble the system prompt a new session would send (no model call)',
  usage: 'hearth prompt [--agent ID] [--cwd DIR] [--model M] [--platform P]',
  options: { agent: 'string', cwd: 'string', model: 'string', platform: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const cwd = nonBlank(ctx, 'cwd')
    const view = await ctx.call('prompt.assemble', {
      agentId: await agentOrFirst(ctx),
      // A relative folder means one relative to where the command runs, not to the core.
      cwd: cwd === undefined ? undefined : resolve(cwd),
      platform: nonBlank(ctx, 'platform') ?? 'cli',
      model: nonBlank(ctx, 'model')
    })
    return { data: view, text: describe(view) }
  }
}

/** The text to scan: stdin for `-`, else the file (refused readably when binary, huge or not UTF-8). */
async function readInput(ctx: CommandContext, target: string): Promise<string> {
  if (target === '-') return ctx.readStdin()
  const read = readTextFile(resolve(target))
  if (read.ok) return read.text
  throw new HearthError('not_found', read.reason)
}

const scan: CliCommand = {
  words: ['scan'],
  summary: 'scan a file (or - for stdin) for prompt injection',
  usage: 'hearth scan [--scope all|context|strict] FILE|-',
  options: { scope: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const scope =
      choiceOption(ctx, 'scope', ScanScope.options, `one of ${ScanScope.options.join(', ')}`) ?? 'context'
    const { findings: details } = await ctx.call('prompt.scan', {
      text: await readInput(ctx, ctx.positionals[0] as string),
      scope
    })
    const text =
      details.length === 0
        ? `No findings (scope ${scope}).`
        : details
            .map(
              (hit) =>
                `line ${hit.line}: ${hit.id}${hit.severity === 'warn' ? ' (warning only: a protective sentence)' : ''}\n    ${hit.lineText}`
            )
            .join('\n')
    const ids = (severity: 'block' | 'warn'): string[] =>
      details.filter((hit) => hit.severity === severity).map((hit) => hit.id)
    return { data: { findings: ids('block'), warnings: ids('warn'), details }, text }
  }
}

export const promptCommands: readonly CliCommand[] = [prompt, scan]
