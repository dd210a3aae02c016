import type { NexusPostInput } from '../../../../shared/contract'
import { NEXUS_SUMMARY_MAX } from '../../../../shared/contract/constants'

/** What the user can post themselves; a note is stored as a `turn` entry (the log's plain "what happened"). */
export type UserPostKind = 'note' | 'decision' | 'handoff'

export interface UserPostDraft {
  readonly kind: UserPostKind
  readonly summary: string
  /** Why (decisions only; required there). */
  readonly rationale: string
  /** Longer text, shown under Details and to agents as the entry's body. */
  readonly details: string
  /** The agent a handoff is for (handoffs only). */
  readonly to: { readonly id: string; readonly name: string } | null
}

export const EMPTY_USER_POST: UserPostDraft = {
  kind: 'note',
  summary: '',
  rationale: '',
  details: '',
  to: null
}

/** The entry type each kind is written as. */
export const USER_POST_TYPE = { note: 'turn', decision: 'decision', handoff: 'handoff' } as const

/**
 * The one-line summary as it is stored. The log has no addressee field, so a handoff names the
 * agent in its summary ("To Lyra: …"), where every agent reading the log sees it.
 */
export function storedSummary(draft: UserPostDraft): string {
  const text = draft.summary.trim()
  return draft.kind === 'handoff' && draft.to !== null ? `To ${draft.to.name}: ${text}` : text
}

/** Characters left for the summary (negative when over), the handoff's "To …:" prefix included. */
export function summaryRoom(draft: UserPostDraft): number {
  return NEXUS_SUMMARY_MAX - storedSummary(draft).length
}

/** What is missing before the draft can be posted, in words; null when it is ready. */
export function draftProblem(draft: UserPostDraft): string | null {
  if (draft.summary.trim() === '') return 'Write a one-line summary.'
  if (/[\r\n]/.test(draft.summary)) return 'The summary is one line (no line breaks).'
  if (summaryRoom(draft) < 0)
    return `The summary is ${-summaryRoom(draft)} characters over the limit of ${NEXUS_SUMMARY_MAX}${draft.kind === 'handoff' ? ', "To …:" included' : ''}.`
  if (draft.kind === 'decision' && draft.rationale.trim() === '')
    return 'A decision needs a rationale: say why it was decided.'
  if (draft.kind === 'handoff' && draft.to === null) return 'Choose the agent the work is handed to.'
  return null
}

/** The `nexus.post` input for a draft, written by the user from the app. */
export function userPostInput(draft: UserPostDraft): NexusPostInput {
  const details = draft.details.trim()
  return {
    agent: 'user',
    type: USER_POST_TYPE[draft.kind],
    summary: storedSummary(draft),
    ...(details !== '' ? { body: draft.details } : {}),
    ...(draft.kind === 'decision' ? { rationale: draft.rationale.trim() } : {})
  }
}
