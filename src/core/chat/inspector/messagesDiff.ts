import type { MessageDiffCounts, RequestDiff } from '../../../shared/contract/requestDiff'
import type { InspectedCall } from '../../../shared/contract/inspector'
import { blockText } from './blockText'
import { wordDiff, type DiffBudget } from './textDiff'

/** Changed, new or gone positions sent with a call's diff: each is drawn with its word diff as the Inspector opens. */
export const DIFF_MESSAGES_SHOWN = 10

type Block = Readonly<Record<string, unknown>>
type Message = InspectedCall['request']['messages'][number]
type Entry = RequestDiff['messages'][number]
type Status = Entry['status']

/** A page of a diff's message positions: the changes listed, and the first position the page covers. */
export interface MessageDiffPage {
  readonly from: number
  readonly messages: Entry[]
}

/**
 * The message part of a request diff: every position counted by fate, and the newest changes
 * listed with their word diffs. Telling a kept position from a changed one is a string compare;
 * only listed positions pay for a word diff, so a long chat whose window moved (every position
 * changed) costs no more than a short one.
 */
export function diffMessages(
  before: readonly Message[],
  after: readonly Message[],
  budget: DiffBudget
): Pick<RequestDiff, 'messages' | 'messagesFrom' | 'messagePositions' | 'messageCounts'> {
  const positions = Math.max(before.length, after.length)
  const counts: MessageDiffCounts = { kept: 0, changed: 0, new: 0, gone: 0 }
  for (let i = 0; i < positions; i++) counts[positionStatus(before[i], after[i])]++
  const page = messageDiffPage(before, after, positions, DIFF_MESSAGES_SHOWN, budget)
  return {
    messages: page.messages,
    messagesFrom: page.from,
    messagePositions: positions,
    messageCounts: counts
  }
}

/**
 * Up to `limit` changed, new or gone positions before `end`, oldest first. `from` is the first
 * position the page covers: the earliest listed change, or 0 when no change comes before it (so
 * every position from `from` to `end - 1` that is not listed was kept).
 */
export function messageDiffPage(
  before: readonly Message[],
  after: readonly Message[],
  end: number,
  limit: number,
  budget: DiffBudget
): MessageDiffPage {
  const listed: number[] = []
  let i = end - 1
  for (; i >= 0 && listed.length < limit; i--)
    if (positionStatus(before[i], after[i]) !== 'kept') listed.unshift(i)
  while (i >= 0 && positionStatus(before[i], after[i]) === 'kept') i--
  const from = i < 0 ? 0 : (listed[0] ?? 0)
  return { from, messages: listed.map((index) => diffAt(index, before[index], after[index], budget)) }
}

/** A position's fate: new at the end, gone from it, or the same role and blocks (markers aside) or not. */
function positionStatus(old: Message | undefined, now: Message | undefined): Status {
  if (!old) return 'new'
  if (!now) return 'gone'
  if (old.role !== now.role || old.content.length !== now.content.length) return 'changed'
  return old.content.every((block, i) => sameBlock(block, now.content[i] as Block)) ? 'kept' : 'changed'
}

function sameBlock(old: Block, now: Block): boolean {
  return old.type === now.type && blockText(old) === blockText(now)
}

function diffAt(
  index: number,
  old: Message | undefined,
  now: Message | undefined,
  budget: DiffBudget
): Entry {
  if (now && !old)
    return {
      index,
      role: now.role,
      status: 'new',
      sourceIds: [...now.sourceIds],
      blocks: whole(now, 'added')
    }
  if (old && !now)
    return {
      index,
      role: old.role,
      status: 'gone',
      sourceIds: [...old.sourceIds],
      blocks: whole(old, 'removed')
    }
  const was = old as Message
  const is = now as Message
  return {
    index,
    role: is.role,
    status: positionStatus(was, is),
    sourceIds: [...is.sourceIds],
    blocks: diffBlocks(was.content, is.content, budget)
  }
}

function diffBlocks(before: readonly Block[], after: readonly Block[], budget: DiffBudget): Entry['blocks'] {
  return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => {
    const old = before[index]
    const now = after[index]
    if (!old) return wholeBlock(now as Block, index, 'added')
    if (!now) return wholeBlock(old, index, 'removed')
    const a = blockText(old)
    const b = blockText(now)
    if (a === b && old.type === now.type)
      return { index, type: String(now.type), status: 'same' as const, words: [] }
    return { index, type: String(now.type), status: 'changed' as const, words: wordDiff(a, b, budget) }
  })
}

function whole(message: Message, status: 'added' | 'removed'): Entry['blocks'] {
  return message.content.map((block, index) => wholeBlock(block, index, status))
}

function wholeBlock(block: Block, index: number, status: 'added' | 'removed'): Entry['blocks'][number] {
  return {
    index,
    type: String(block.type),
    status,
    words: [{ op: status === 'added' ? 'add' : 'remove', text: blockText(block) }]
  }
}
