import type { InspectedCall } from '../../../shared/contract/inspector'
import type { RequestDiff } from '../../../shared/contract/requestDiff'
import { diffMessages } from './messagesDiff'
import { stable } from './blockText'
import { lineDiff, type DiffBudget } from './textDiff'

/** LCS cells one request diff may fill in all (about 20 ms of work; see DiffBudget). */
export const REQUEST_DIFF_CELLS = 4_000_000

/** The request as the Inspector rebuilds it from stored rows, with every message it sent. */
export type InspectedRequest = Omit<InspectedCall['request'], 'messageCount' | 'attachments' | 'bridgeCalls'>

const TIERS = ['stable', 'context', 'volatile'] as const

/**
 * Compares a call's request with the previous call's, part by part, so the Inspector can say
 * exactly what a cache miss paid for: which system tier changed (and which lines), which tools
 * came or went, which messages are new, which breakpoints moved and whether per-turn context
 * (known only by provider, size and hash) changed. Cache markers are compared separately, so a
 * moving marker never makes a message look edited.
 */
export function diffRequests(
  before: InspectedRequest,
  after: InspectedRequest,
  previousCallId: number
): RequestDiff {
  const budget: DiffBudget = { cells: REQUEST_DIFF_CELLS }
  return {
    previousCallId,
    model: before.model === after.model ? null : { before: before.model, after: after.model },
    ttl: before.ttl === after.ttl ? null : { before: before.ttl, after: after.ttl },
    system: diffSystem(before.system, after.system, budget),
    ...diffTools(before.tools, after.tools),
    ...diffMessages(before.messages, after.messages, budget),
    breakpoints: diffBreakpoints(before, after),
    context: diffContext(before.context, after.context)
  }
}

function diffSystem(
  before: InspectedRequest['system'],
  after: InspectedRequest['system'],
  budget: DiffBudget
): RequestDiff['system'] {
  return TIERS.flatMap((tier): RequestDiff['system'] => {
    const old = before.find((t) => t.tier === tier)
    const now = after.find((t) => t.tier === tier)
    if (!old && !now) return []
    const base = {
      tier,
      source: now?.source ?? old?.source ?? '',
      beforeChars: old?.text.length ?? 0,
      afterChars: now?.text.length ?? 0
    }
    if (!old)
      return [{ ...base, status: 'added' as const, lines: [{ op: 'add' as const, text: now?.text ?? '' }] }]
    if (!now)
      return [{ ...base, status: 'removed' as const, lines: [{ op: 'remove' as const, text: old.text }] }]
    if (old.text === now.text) return [{ ...base, status: 'same' as const, lines: [] }]
    return [{ ...base, status: 'changed' as const, lines: lineDiff(old.text, now.text, budget) }]
  })
}

function diffTools(
  before: InspectedRequest['tools'],
  after: InspectedRequest['tools']
): Pick<RequestDiff, 'tools' | 'toolsUnchanged'> {
  const old = new Map(before.map((tool) => [tool.name, tool]))
  const names = new Set(after.map((tool) => tool.name))
  const tools: RequestDiff['tools'] = []
  let unchanged = 0
  for (const tool of after) {
    const was = old.get(tool.name)
    if (!was) {
      tools.push({ name: tool.name, status: 'added', changed: [] })
      continue
    }
    const changed = [
      was.description !== tool.description && ('description' as const),
      stable(was.inputSchema) !== stable(tool.inputSchema) && ('inputSchema' as const)
    ].filter((c) => c !== false)
    if (changed.length === 0) unchanged++
    else tools.push({ name: tool.name, status: 'changed', changed })
  }
  for (const tool of before)
    if (!names.has(tool.name)) tools.push({ name: tool.name, status: 'removed', changed: [] })
  return { tools, toolsUnchanged: unchanged }
}

function diffBreakpoints(before: InspectedRequest, after: InspectedRequest): RequestDiff['breakpoints'] {
  const old = before.breakpoints.map((b) => breakpointPlace(before, b))
  const now = after.breakpoints.map((b) => breakpointPlace(after, b))
  return {
    kept: now.filter((p) => old.includes(p)),
    removed: old.filter((p) => !now.includes(p)),
    added: now.filter((p) => !old.includes(p))
  }
}

/** Where a breakpoint sits, in words a reader can find in the request view (1-based like the list). */
function breakpointPlace(request: InspectedRequest, b: InspectedRequest['breakpoints'][number]): string {
  if (b.kind === 'tools')
    return `tools · after ${request.tools[b.blockIndex ?? b.position]?.name ?? `tool ${b.position + 1}`}`
  if (b.kind === 'stable') return 'system · end of the stable tier'
  if (b.kind === 'system') return 'system · end of the prompt'
  const index = b.messageIndex ?? 0
  return `message ${index + 1} (${request.messages[index]?.role ?? '?'}) · block ${(b.blockIndex ?? 0) + 1}`
}

function diffContext(
  before: InspectedRequest['context'],
  after: InspectedRequest['context']
): RequestDiff['context'] {
  const key = (c: InspectedRequest['context'][number]): string => `${c.providerId}\u0000${c.fenceTag}`
  const old = new Map(before.map((c) => [key(c), c]))
  const seen = new Set(after.map(key))
  const out: RequestDiff['context'] = after.map((c) => {
    const was = old.get(key(c))
    const status = !was
      ? ('added' as const)
      : was.sha256 === c.sha256
        ? ('same' as const)
        : ('changed' as const)
    return {
      providerId: c.providerId,
      fenceTag: c.fenceTag,
      status,
      beforeChars: was?.chars ?? null,
      afterChars: c.chars
    }
  })
  for (const c of before)
    if (!seen.has(key(c)))
      out.push({
        providerId: c.providerId,
        fenceTag: c.fenceTag,
        status: 'removed',
        beforeChars: c.chars,
        afterChars: null
      })
  return out
}
