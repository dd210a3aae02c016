import { NexusListFilter, type NexusEntry } from '../../shared/contract/nexus'
import { describeZodError } from '../../core/rpc/dispatch'
import { UsageError, type CliCommand, type CommandContext } from '../command'

function text(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.options[name]
  return typeof value === 'string' ? value : undefined
}

function required(ctx: CommandContext, name: string, usage: string): string {
  const value = text(ctx, name)
  if (value === undefined) throw new UsageError(`missing --${name}. Usage: ${usage}`)
  return value
}

function integer(ctx: CommandContext, name: string, min: number): number | undefined {
  const value = text(ctx, name)
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min) throw new UsageError(`--${name} must be a whole number ≥ ${min}, got "${value}"`)
  return number
}

/** `--refs 3,7` → [3, 7]. */
function refs(ctx: CommandContext): number[] | undefined {
  const value = text(ctx, 'refs')
  if (value === undefined) return undefined
  const list = value.split(',').map((part) => Number(part.trim()))
  if (list.some((ref) => !Number.isInteger(ref) || ref < 1)) throw new UsageError(`--refs takes sequence numbers separated by commas, e.g. 3,7; got "${value}"`)
  return list
}

export function formatEntry(entry: NexusEntry): string {
  const when = new Date(entry.ts).toISOString().slice(0, 19).replace('T', ' ')
  const refsText = entry.refs.length > 0 ? ` (refs ${entry.refs.map((ref) => `#${ref}`).join(', ')})` : ''
  return `#${entry.seq}\t${when}\t${entry.type}\t${entry.agent} (${entry.channel})\t${entry.summary}${refsText}`
}

const POST_USAGE = 'hearth nexus post --agent A --type T --summary S [--channel C] [--body B] [--rationale R] [--refs 1,2]'

const post: CliCommand = {
  words: ['nexus', 'post'],
  summary: 'append an entry to the shared Nexus log',
  usage: POST_USAGE,
  options: { agent: 'string', type: 'string', summary: 'string', channel: 'string', body: 'string', rationale: 'string', refs: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const input = {
      agent: required(ctx, 'agent', POST_USAGE),
      type: required(ctx, 'type', POST_USAGE),
      summary: required(ctx, 'summary', POST_USAGE),
      channel: text(ctx, 'channel'),
      body: text(ctx, 'body'),
      rationale: text(ctx, 'rationale'),
      refs: refs(ctx)
    }
    if (input.type === 'decision' && input.rationale === undefined) {
      // CLI.md's `nexus post` has no --rationale; keep that call working and say what is missing.
      input.rationale = input.body ?? 'No rationale given (posted from the CLI without --rationale).'
      process.stderr.write('hearth: warning: decisions should say why; pass --rationale next time\n')
    }
    const { nexus } = ctx.core().services
    const result = nexus.post(Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)))
    nexus.flushMirror()
    const warnings = result.conflicts.map((c) => `warning: may conflict with decision #${c.first.seq === result.entry.seq ? c.second.seq : c.first.seq}`)
    return { data: result, text: [`Appended ${formatEntry(result.entry)}`, `hash ${result.entry.hash}`, ...warnings].join('\n') }
  }
}

const tail: CliCommand = {
  words: ['nexus', 'tail'],
  summary: 'read Nexus entries (the newest, or those after --since)',
  usage: 'hearth nexus tail [--since SEQ] [--limit N] [--agent A] [--type T]',
  options: { since: 'string', limit: 'string', agent: 'string', type: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const since = integer(ctx, 'since', 0)
    const limit = integer(ctx, 'limit', 1) ?? 50
    const parsed = NexusListFilter.safeParse({ agent: text(ctx, 'agent'), type: text(ctx, 'type'), since, limit })
    if (!parsed.success) throw new UsageError(describeZodError(parsed.error))
    const { entries } = ctx.core().services.nexus.repository.list(parsed.data, since !== undefined)
    return { data: { entries }, text: entries.length === 0 ? 'No entries.' : entries.map(formatEntry).join('\n') }
  }
}

const verify: CliCommand = {
  words: ['nexus', 'verify'],
  summary: "recompute the Nexus hash chain and check the database's append-only guards",
  usage: 'hearth nexus verify',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const report = ctx.core().services.nexus.verify()
    const summary = report.ok ? `OK: ${report.count} entries, chain intact, append-only guards in place.` : `FAILED (${report.count} entries):\n${report.problems.join('\n')}`
    return { code: report.ok ? 0 : 1, data: report, text: summary }
  }
}

export const nexusCommands: readonly CliCommand[] = [post, tail, verify]
