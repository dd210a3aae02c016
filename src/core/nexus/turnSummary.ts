import { NEXUS_SUMMARY_MAX } from '../../shared/contract/nexus'

/** One tool call of a turn, as the Nexus summarises it. */
export interface TurnToolCall {
  readonly name: string
  readonly input: unknown
  readonly ok: boolean
}

/** What a finished turn amounts to, for the entry its colleagues read. */
export interface TurnFacts {
  readonly request: string
  readonly reply: string
  readonly tools: readonly TurnToolCall[]
  readonly stopReason?: string
  /** Why the turn broke off (an API error mid-turn), when it did. */
  readonly failure?: string
}

/** One line of at most `max` characters. */
export function oneLine(text: string, max = NEXUS_SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`
}

/** Hearth's tools that only read, or only keep the log's own books (checkpoints, acks). */
const CHANGES_NOTHING = new Set([
  'nexus_read',
  'project_state_read',
  'recall',
  'session_search',
  'skill_view',
  'tool_search',
  'tool_describe',
  'checkpoint',
  'ack'
])
/** An outside tool whose name says it only looks (read_file, list_issues, search_code…). */
const READS_BY_NAME =
  /(^|[_.-])(read|list|get|search|find|view|show|describe|fetch|query|lookup|inspect|status|stat)([_.-]|$)/i

/**
 * Whether a call changed something others should know about: a memory write, a project-state
 * update, a decision or handoff posted, or any tool that is not one of Hearth's read-only ones
 * and whose name does not say it only reads. Failed calls changed nothing.
 */
export function changedSomething(call: TurnToolCall): boolean {
  if (!call.ok) return false
  if (call.name === 'nexus_post')
    return !['turn', 'ack', 'checkpoint'].includes(String(field(call.input, 'type')))
  if (CHANGES_NOTHING.has(call.name)) return false
  if (call.name === 'memory' || call.name === 'project_state_update') return true
  return !READS_BY_NAME.test(call.name)
}

function field(input: unknown, key: string): unknown {
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined
}

/** "memory add, write_file ×2, deploy failed": the turn's tools, by name, in order of first use. */
export function toolGist(tools: readonly TurnToolCall[]): string {
  const counts = new Map<string, { ok: number; failed: number }>()
  for (const call of tools) {
    const action = call.name === 'memory' ? field(call.input, 'action') : undefined
    const label = typeof action === 'string' ? `${call.name} ${action}` : call.name
    const count = counts.get(label) ?? { ok: 0, failed: 0 }
    if (call.ok) count.ok++
    else count.failed++
    counts.set(label, count)
  }
  return [...counts]
    .flatMap(([label, { ok, failed }]) => [
      ...(ok > 0 ? [`${label}${ok > 1 ? ` ×${ok}` : ''}`] : []),
      ...(failed > 0 ? [`${label} failed${failed > 1 ? ` ×${failed}` : ''}`] : [])
    ])
    .join(', ')
}

/** The first sentence of a reply, or its start. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const end = flat.search(/[.!?](\s|$)/)
  return end > 0 ? flat.slice(0, end + 1) : flat
}

/**
 * The one-line summary of a turn, built without a model call: what was asked, which tools ran,
 * and how it ended (the reply's first sentence, or that it was stopped).
 */
export function turnSummary(facts: TurnFacts): string {
  const asked = `Asked “${oneLine(facts.request, 70)}”`
  if (facts.failure !== undefined) {
    const changed = toolGist(facts.tools.filter(changedSomething))
    const what = changed ? `changed ${oneLine(changed, 70)} before it broke off` : 'changed nothing'
    return oneLine(`Turn failed · ${asked} · ${what} · ${firstSentence(facts.failure)}`)
  }
  const tools = facts.tools.length > 0 ? `ran ${oneLine(toolGist(facts.tools), 70)}` : 'no tools'
  const outcome =
    facts.stopReason === 'stopped'
      ? 'stopped by the user'
      : facts.reply.trim() === ''
        ? 'no reply text'
        : `replied: ${firstSentence(facts.reply)}`
  return oneLine(`${asked} · ${tools} · ${outcome}`)
}

/** The entry's body: the details a colleague may want, each part bounded. */
export function turnBody(facts: TurnFacts, where: string): string {
  const tools = facts.tools.map((call) => `${call.name}${call.ok ? '' : ' (failed)'}`).join(', ')
  return [
    `${where} Written by Hearth from the turn itself (no model call).`,
    `Asked: ${oneLine(facts.request, 600)}`,
    tools ? `Tools: ${tools}` : '',
    facts.failure !== undefined ? `Failed: ${oneLine(facts.failure, 600)}` : '',
    facts.reply.trim() ? `Reply: ${oneLine(facts.reply, 1200)}` : ''
  ]
    .filter((line) => line !== '')
    .join('\n')
}
