import type { TurnGroup } from './turnGroups'

type Reply = TurnGroup['replies'][number]

const STATUS_TEXT: Readonly<Record<string, string>> = {
  partial: 'stopped — partial reply kept',
  interrupted: 'interrupted — the app stopped while this was streaming',
  error: 'failed midway — the part that arrived is kept',
  streaming: 'streaming…'
}

const SET_ASIDE = 'the model no longer sees this part'

/**
 * What became of a retry, read from the replies stored after the one that broke off: the words
 * under a set-aside reply follow the recorded outcome, so a retry that failed too never reads
 * as one that answered.
 */
function retryOutcome(later: readonly Reply[]): string {
  if (later.some((reply) => reply.status === 'complete'))
    return `broke off — kept here, but the retry below answered instead (${SET_ASIDE})`
  if (later.some((reply) => reply.status === 'streaming'))
    return `broke off — kept here; a retry is answering below (${SET_ASIDE})`
  if (later.some((reply) => reply.status === 'partial'))
    return `broke off — kept here; the retry below was stopped before it finished (${SET_ASIDE})`
  return `broke off — kept here; the retry did not answer either (${SET_ASIDE})`
}

/** The line under a reply that did not complete; null for a complete one. */
export function replyStatusText(group: TurnGroup, index: number): string | null {
  const reply = group.replies[index]
  if (reply === undefined || reply.status === 'complete') return null
  if (!reply.inContext && !group.compressed) return retryOutcome(group.replies.slice(index + 1))
  return STATUS_TEXT[reply.status] ?? reply.status
}
