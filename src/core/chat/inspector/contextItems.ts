import { z } from 'zod'
import type { AgentId } from '../../../shared/contract'
import type { ContextItem } from '../../../shared/contract/callContext'
import { KnowledgeMethod } from '../../../shared/contract/knowledge'
import { RecalledItem } from '../../../shared/contract/memory'

/** Recall's block detail as the call record keeps it (the recall provider's `RecallDetail`). */
const RecallDetail = z.object({ items: z.array(RecalledItem) })
/**
 * The Nexus block's detail: the unread entries it showed, the checkpoint it added, and (in calls
 * recorded since the Nexus kept the team's state) what awaited acknowledgement, the conflicts
 * the agent is part of, and the project-state version it carried.
 */
const NexusDetail = z.object({
  seqs: z.array(z.number().int()),
  checkpointSeq: z.number().int().nullable().optional(),
  awaitingSeqs: z.array(z.number().int()).optional(),
  conflicts: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
  stateVersion: z.number().int().nullable().optional()
})

/** Reciprocal rank fusion's constant in the knowledge search: a list's first place adds 1 ÷ 61. */
const RANK_CONSTANT = 60

const FOUND_BY: Readonly<Record<KnowledgeMethod, string>> = {
  bm25: 'Found by its words: it shares words (or parts of words) with your message.',
  vector: 'Found by meaning: its embedding is close to your message’s, though it may share no word with it.',
  hybrid: 'Found both by its words and by meaning, so two rankings counted it.'
}

const ordinal = (n: number): string => {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`
}

/**
 * A recalled item's score in plain words. Recall ranks by reciprocal rank fusion: each ranking
 * that found the item (its words, parts of words at half weight, meaning) adds 1 ÷ (60 + its place
 * there), and an item holding the whole message word for word gets 1 more. So a score is a
 * ranking, not a percentage, and only compares items of one recall.
 */
export function explainRecallScore(
  item: { readonly score: number; readonly method?: KnowledgeMethod | undefined },
  place: number,
  of: number
): string {
  const parts = [`${ordinal(place)} of ${of} recalled for this turn.`]
  if (item.method) parts.push(FOUND_BY[item.method])
  if (item.score >= 1)
    parts.push('It holds your whole message word for word, which adds 1 and puts it first.')
  parts.push(
    `Score ${item.score.toPrecision(3)}: each ranking that found it adds 1 ÷ (${RANK_CONSTANT} + its place there), ` +
      `so a first place in one ranking is about ${(1 / (RANK_CONSTANT + 1)).toFixed(3)}. ` +
      'It is not a percentage; it only compares the items of this recall.'
  )
  return parts.join(' ')
}

function recallItems(detail: z.infer<typeof RecallDetail>, agentId: AgentId): ContextItem[] {
  return detail.items.map((item, i) => ({
    kind: item.kind,
    agentId,
    factId: item.factId,
    slug: item.slug,
    seq: null,
    text: item.text,
    score: item.score,
    why: explainRecallScore(item, i + 1, detail.items.length)
  }))
}

function nexusItems(detail: z.infer<typeof NexusDetail>): ContextItem[] {
  const entry = (seq: number, why: string): ContextItem => ({
    kind: 'nexus',
    agentId: null,
    factId: null,
    slug: null,
    seq,
    text: null,
    score: null,
    why
  })
  const conflicting = [...new Set((detail.conflicts ?? []).flat())]
  const items = [
    ...conflicting.map((seq) =>
      entry(
        seq,
        'In a conflict this agent is part of: two decisions that cannot both hold, shown every turn until a resolution entry references both.'
      )
    ),
    ...(detail.awaitingSeqs ?? []).map((seq) =>
      entry(
        seq,
        'Awaiting this agent’s acknowledgement: a decision or handoff by another agent. It is shown on every turn, whatever the volume, until the agent acknowledges it or you excuse it; nothing scores it.'
      )
    ),
    ...(detail.stateVersion != null
      ? [
          entry(
            detail.stateVersion,
            'The project state, shown because it changed since this agent last saw it.'
          )
        ]
      : []),
    ...detail.seqs.map((seq) =>
      entry(
        seq,
        'Unread: another agent wrote it since this agent’s last turn. The Nexus shows the newest unread entries up to the cap and sums up the rest in one line; nothing scores them.'
      )
    )
  ]
  const checkpoint = detail.checkpointSeq ?? null
  return checkpoint === null
    ? items
    : [
        ...items,
        entry(
          checkpoint,
          'This agent’s latest checkpoint, added on the first turn of a chat so it resumes where it stopped.'
        )
      ]
}

/**
 * What a stored block put before the model, item by item, read from the detail its provider
 * gave. A provider this code does not know, or a detail of another shape, lists no items: the
 * block's text still shows in full.
 */
export function contextItems(providerId: string, detail: unknown, agentId: AgentId): ContextItem[] {
  if (providerId === 'recall') {
    const parsed = RecallDetail.safeParse(detail)
    return parsed.success ? recallItems(parsed.data, agentId) : []
  }
  if (providerId === 'nexus') {
    const parsed = NexusDetail.safeParse(detail)
    return parsed.success ? nexusItems(parsed.data) : []
  }
  return []
}
