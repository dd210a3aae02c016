import { resolve } from 'node:path'
import { findThreats } from '../../core/domain/prompt/scanner'
import { normalizeText } from '../../core/domain/prompt/text'
import { SCAN_SCOPES, type ScanScope } from '../../core/domain/prompt/threatPatterns'
import { notFound } from '../../core/errors'
import { readTextFile } from '../../core/home/readText'
import { toPromptView } from '../../core/rpc/promptHandlers'
import type { AssembledPromptView } from '../../shared/contract'
import { UsageError, type CliCommand, type CommandContext } from '../command'

function option(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.options[name]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** `--agent`, else the first agent (the CLI's usual default), else a clear "create one" error. */
function chooseAgent(ctx: CommandContext): string {
  const explicit = option(ctx, 'agent')
  if (explicit) return explicit
  const first = ctx.core().services.agents.list()[0]
  if (!first) throw notFound('No agents yet. Create one with `hearth agents create NAME`, or pass --agent ID.')
  return first.id
}

function describe(view: AssembledPromptView): string {
  const rows = view.layers.map((layer) => {
    const flags = [layer.truncated ? 'TRUNCATED' : '', layer.blocked.length > 0 ? `BLOCKED(${layer.blocked.join(',')})` : ''].filter(Boolean)
    return `  ${layer.tier.padEnd(8)} ${layer.id.padEnd(18)} ${String(layer.tokens).padStart(6)} tok  ${layer.source ?? '(built-in)'} ${flags.join(' ')}`.trimEnd()
  })
  const warnings = view.warnings.map((warning) => `  ! ${warning}`)
  return [view.text, '', `--- ${view.tokens} tokens (estimate), model ${view.model}, platform ${view.platform}`, ...rows, ...warnings].join('\n')
}

const prompt: CliCommand = {
  words: ['prompt'],
  summary: 'assemble the system prompt a new session would send (no model call)',
  usage: 'hearth prompt [--agent ID] [--cwd DIR] [--model M] [--platform P]',
  options: { agent: 'string', cwd: 'string', model: 'string', platform: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const agentId = chooseAgent(ctx)
    const cwd = option(ctx, 'cwd')
    const model = option(ctx, 'model')
    const built = await ctx.core().services.prompts.assemble({
      agentId,
      cwd: cwd ? resolve(cwd) : null,
      platform: option(ctx, 'platform') ?? 'cli',
      ...(model ? { model } : {})
    })
    const view = toPromptView(built)
    return { data: view, text: describe(view) }
  }
}

async function readInput(ctx: CommandContext, target: string): Promise<string> {
  if (target === '-') return normalizeText(await ctx.readStdin())
  const read = readTextFile(resolve(target))
  if (read.ok) return normalizeText(read.text)
  throw notFound(read.reason)
}

const scan: CliCommand = {
  words: ['scan'],
  summary: 'scan a file (or - for stdin) for prompt injection',
  usage: 'hearth scan [--scope all|context|strict] FILE|-',
  options: { scope: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const scope = option(ctx, 'scope') ?? 'context'
    if (!(SCAN_SCOPES as readonly string[]).includes(scope)) throw new UsageError(`--scope must be one of ${SCAN_SCOPES.join(', ')} (got "${scope}")`)
    const details = findThreats(await readInput(ctx, ctx.positionals[0] as string), scope as ScanScope)
    const text =
      details.length === 0
        ? `No findings (scope ${scope}).`
        : details.map((hit) => `line ${hit.line}: ${hit.id}\n    ${hit.lineText}`).join('\n')
    return { data: { findings: details.map((hit) => hit.id), details }, text }
  }
}

export const promptCommands: readonly CliCommand[] = [prompt, scan]
