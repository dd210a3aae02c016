import type { InspectedCall } from '../../../shared/contract/sessions'
import type { RequestDiff } from '../../../shared/contract/requestDiff'
import { lineDiff, wordDiff, type DiffBudget } from './textDiff'

/** LCS cells one request diff may fill in all (about 20 ms of work; see DiffBudget). */
const REQUEST_DIFF_CELLS = 4_000_000

/** The request as the Inspector rebuilds it from stored rows. */
export type InspectedRequest = InspectedCall['request']
type Block = Readonly<Record<string, unknown>>
type Message = InspectedRequest['messages'][number]

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
    messages: diffMessages(before.messages, after.messages, budget),
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

/** Messages are paired by position: the history only grows at the end unless it was compressed. */
function diffMessages(
  before: readonly Message[],
  after: readonly Message[],
  budget: DiffBudget
): RequestDiff['messages'] {
  const out: RequestDiff['messages'] = []
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const old = before[i]
    const now = after[i]
    if (now && !old)
      out.push({
        index: i,
        role: now.role,
        status: 'new',
        sourceIds: [...now.sourceIds],
        blocks: wholeBlocks(now, 'added')
      })
    else if (old && !now)
      out.push({
        index: i,
        role: old.role,
        status: 'gone',
        sourceIds: [...old.sourceIds],
        blocks: wholeBlocks(old, 'removed')
      })
    else if (old && now) out.push(pairMessages(i, old, now, budget))
  }
  return out
}

function pairMessages(
  index: number,
  old: Message,
  now: Message,
  budget: DiffBudget
): RequestDiff['messages'][number] {
  const blocks = diffBlocks(old.content, now.content, budget)
  const same = old.role === now.role && blocks.every((block) => block.status === 'same')
  return {
    index,
    role: now.role,
    status: same ? 'kept' : 'changed',
    sourceIds: [...now.sourceIds],
    blocks: same ? [] : blocks
  }
}

function diffBlocks(
  before: readonly Block[],
  after: readonly Block[],
  budget: DiffBudget
): RequestDiff['messages'][number]['blocks'] {
  return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => {
    const old = before[index]
    const now = after[index]
    if (!old) return addedBlock(now as Block, index, 'added')
    if (!now) return addedBlock(old, index, 'removed')
    const a = blockText(old)
    const b = blockText(now)
    if (a === b && old.type === now.type)
      return { index, type: String(now.type), status: 'same' as const, words: [] }
    return { index, type: String(now.type), status: 'changed' as const, words: wordDiff(a, b, budget) }
  })
}

function wholeBlocks(
  message: Message,
  status: 'added' | 'removed'
): RequestDiff['messages'][number]['blocks'] {
  return message.content.map((block, index) => addedBlock(block, index, status))
}

function addedBlock(
  block: Block,
  index: number,
  status: 'added' | 'removed'
): RequestDiff['messages'][number]['blocks'][number] {
  return {
    index,
    type: String(block.type),
    status,
    words: [{ op: status === 'added' ? 'add' : 'remove', text: blockText(block) }]
  }
}

/** A block's visible text without its cache marker (markers are diffed on their own). */
export function blockText(block: Block): string {
  if (block.type === 'text') return String(block.text)
  if (block.type === 'tool_use') return `${String(block.name)} ${stable(block.input)}`
  if (block.type === 'tool_result')
    return `→ ${typeof block.content === 'string' ? block.content : stable(block.content)}`
  const { cache_control: _marker, ...rest } = block
  return stable(rest)
}

/** JSON with sorted keys, so two equal schemas compare equal whatever their key order. */
function stable(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
        : v
    ) ?? 'null'
  )
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
