import type { InspectedCall, MethodOutput } from '../../../../shared/contract'

/**
 * A call with a page of its request's earlier messages put before the ones it holds. A page that
 * does not end where the held messages start (read twice, or for a stale call) changes nothing.
 */
export function withEarlierMessages(
  call: InspectedCall,
  page: MethodOutput<'inspector.requestMessages'>
): InspectedCall {
  const { request } = call
  const first = request.messageCount - request.messages.length
  if (page.from + page.messages.length !== first) return call
  return { ...call, request: { ...request, messages: [...page.messages, ...request.messages] } }
}

/** A call with a page of its diff's earlier changes put before the ones it holds (the same check). */
export function withEarlierChanges(
  call: InspectedCall,
  page: MethodOutput<'inspector.diffMessages'>
): InspectedCall {
  const diff = call.requestDiff
  if (diff === null || page.from >= diff.messagesFrom) return call
  const held = diff.messages
  const fresh = page.messages.filter((message) => message.index < diff.messagesFrom)
  return { ...call, requestDiff: { ...diff, messages: [...fresh, ...held], messagesFrom: page.from } }
}
