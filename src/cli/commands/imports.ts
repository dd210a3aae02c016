import { ImportSource, type ImportReport } from '../../shared/contract'
import type { CliCommand, CommandContext } from '../command'
import { UsageError } from '../command'
import { stringOption } from '../options'

function countLines(report: ImportReport): string[] {
  return Object.entries(report.counts)
    .filter(([, c]) => c.found + c.skipped > 0)
    .map(
      ([kind, c]) =>
        `  ${kind.padEnd(11)} found ${c.found}, new ${c.new}, already here ${c.existing}, skipped ${c.skipped}${c.blocked > 0 ? `, blocked by the scanner ${c.blocked}` : ''}`
    )
}

function reportText(report: ImportReport): string {
  const lines = [
    report.summary,
    `Agent: ${report.agent.name} (${report.agent.id})${report.agent.created ? ', new' : ''}`
  ]
  lines.push(...countLines(report))
  if (report.persona.action !== 'none') lines.push(`Persona: ${report.persona.message}`)
  for (const proposal of report.proposals)
    lines.push(
      `Proposed MCP server (not running; accept it in the app's Import or Tools): ${proposal.name} — ${proposal.target}`
    )
  if (report.skipped.length > 0)
    lines.push('Skipped:', ...report.skipped.slice(0, 20).map((s) => `  ${s.kind} ${s.ref}: ${s.reason}`))
  if (report.importId)
    lines.push(`Import ${report.importId}: its candidates wait in Review (hearth review list).`)
  lines.push(`${report.itemsPerSecond} items/s in ${report.durationMs} ms.`)
  return lines.join('\n')
}

function sizeText(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${(bytes / 1000).toFixed(1)} kB`
}

/** Progress on stderr, one line rewritten in place (stdout keeps the report alone); not with --json. */
function progressOnStderr(ctx: CommandContext): () => void {
  if (ctx.json) return () => undefined
  let shown = false
  const unsubscribe = ctx.subscribe((event, payload) => {
    if (event !== 'imports.progress') return
    const { phase, unit, done, total, items } = payload
    const part =
      unit === 'bytes' ? `${sizeText(done)} of ${sizeText(total)}` : `${done} of ${total} files and chats`
    const percent = total > 0 ? ` (${Math.round((done / total) * 100)}%)` : ''
    const line =
      phase === 'reading' ? `reading: ${part}${percent}, ${items} items` : `${phase}: ${items} items`
    process.stderr.write(`\r${line.padEnd(60)}`)
    shown = true
  })
  return () => {
    unsubscribe()
    if (shown) process.stderr.write('\n')
  }
}

const importCommand: CliCommand = {
  words: ['import'],
  summary:
    'bring in another runtime’s home or an export (hermes, openclaw, chatgpt, claude, hearth); memories become candidates in Review',
  usage:
    'hearth import hermes|openclaw|chatgpt|claude|hearth [PATH] [--agent ID] [--dry-run] [--replace-soul]',
  options: { agent: 'string', 'dry-run': 'boolean', 'replace-soul': 'boolean' },
  positionals: [1, 2],
  async run(ctx) {
    const source = ImportSource.safeParse(ctx.positionals[0])
    if (!source.success)
      throw new UsageError(
        `unknown source "${ctx.positionals[0]}"; use one of: ${ImportSource.options.join(', ')}`
      )
    const agentId = stringOption(ctx, 'agent')
    const path = ctx.positionals[1]
    const input = {
      source: source.data,
      ...(path ? { path } : {}),
      ...(agentId ? { agentId } : {}),
      replaceSoul: ctx.options['replace-soul'] === true
    }
    const stop = progressOnStderr(ctx)
    try {
      const report = await ctx.call(
        ctx.options['dry-run'] === true ? 'imports.preview' : 'imports.run',
        input
      )
      return { data: report, text: reportText(report) }
    } finally {
      stop()
    }
  }
}

export const importCommands: readonly CliCommand[] = [importCommand]
