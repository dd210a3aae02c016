import type { NexusEntry } from '../../shared/contract/nexus'
import type { CliCommand } from '../command'
import { integerListOption, integerOption, requiredOption, stringOption } from '../options'

export function formatEntry(entry: NexusEntry): string {
  const when = new Date(entry.ts).toISOString().slice(0, 19).replace('T', ' ')
  const refsText = entry.refs.length > 0 ? ` (refs ${entry.refs.map((ref) => `#${ref}`).join(', ')})` : ''
  return `#${entry.seq}\t${when}\t${entry.type}\t${entry.agent} (${entry.channel})\t${entry.summary}${refsText}`
}

const POST_USAGE =
  'hearth nexus post --agent A --type T --summary S [--channel C] [--body B] [--rationale R] [--refs 1,2]'

const post: CliCommand = {
  words: ['nexus', 'post'],
  summary: 'append an entry to the shared Nexus log',
  usage: POST_USAGE,
  options: {
    agent: 'string',
    type: 'string',
    summary: 'string',
    channel: 'string',
    body: 'string',
    rationale: 'string',
    refs: 'string'
  },
  positionals: [0, 0],
  async run(ctx) {
    const input = {
      agent: requiredOption(ctx, 'agent', POST_USAGE),
      type: requiredOption(ctx, 'type', POST_USAGE),
      summary: requiredOption(ctx, 'summary', POST_USAGE),
      channel: stringOption(ctx, 'channel'),
      body: stringOption(ctx, 'body'),
      rationale: stringOption(ctx, 'rationale'),
      refs: integerListOption(ctx, 'refs', '3,7')
    }
    if (input.type === 'decision' && input.rationale === undefined) {
      // `nexus post` once had no --rationale; keep that call working and say what is missing.
      input.rationale = input.body ?? 'No rationale given (posted from the CLI without --rationale).'
      process.stderr.write('hearth: warning: decisions should say why; pass --rationale next time\n')
    }
    // The core writes the markdown mirror when it closes, right after this command.
    const result = await ctx.call('nexus.post', input)
    const warnings = result.conflicts.map(
      (c) =>
        `warning: may conflict with decision #${c.first.seq === result.entry.seq ? c.second.seq : c.first.seq}`
    )
    return {
      data: result,
      text: [`Appended ${formatEntry(result.entry)}`, `hash ${result.entry.hash}`, ...warnings].join('\n')
    }
  }
}

const tail: CliCommand = {
  words: ['nexus', 'tail'],
  summary: 'read Nexus entries (the newest, or those after --since)',
  usage: 'hearth nexus tail [--since SEQ] [--limit N] [--agent A] [--type T]',
  options: { since: 'string', limit: 'string', agent: 'string', type: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const since = integerOption(ctx, 'since')
    // After --since the reader is catching up, so the page starts right after that entry.
    const filter = {
      agent: stringOption(ctx, 'agent'),
      type: stringOption(ctx, 'type'),
      since,
      limit: integerOption(ctx, 'limit') ?? 50,
      from: since === undefined ? 'newest' : 'oldest'
    }
    const { entries } = await ctx.call('nexus.list', filter)
    return {
      data: { entries },
      text: entries.length === 0 ? 'No entries.' : entries.map(formatEntry).join('\n')
    }
  }
}

const verify: CliCommand = {
  words: ['nexus', 'verify'],
  summary: "recompute the Nexus hash chain and check the database's append-only guards",
  usage: 'hearth nexus verify',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const report = await ctx.call('nexus.verify', {})
    const summary = report.ok
      ? `OK: ${report.count} entries, chain intact, append-only guards in place.`
      : `FAILED (${report.count} entries):\n${report.problems.join('\n')}`
    return { code: report.ok ? 0 : 1, data: report, text: summary }
  }
}

export const nexusCommands: readonly CliCommand[] = [post, tail, verify]
