import type { MethodOutput, SessionId } from '../../../shared/contract'
import { invalidInput, notFound } from '../../errors'
import type { CallRecord, CallRepository } from '../store/callRepository'
import type { SessionRepository } from '../store/sessionRepository'
import { requestRebuilder } from './inspector'
import { messageDiffPage } from './messagesDiff'
import { REQUEST_DIFF_CELLS } from './requestDiff'

/** One page of a call's request or diff: `limit` messages (or changes) before position `before`. */
export interface InspectorPageQuery {
  readonly sessionId: SessionId
  readonly callId: number
  readonly before: number
  readonly limit: number
}

/** Messages `from`…`before - 1` of a call's request, rebuilt as `inspector.turn` rebuilds it. */
export function requestMessagesPage(
  repo: SessionRepository,
  calls: CallRepository,
  query: InspectorPageQuery
): MethodOutput<'inspector.requestMessages'> {
  const call = callOf(calls, query)
  const { messages } = requestRebuilder(repo, query.sessionId, [call])(call)
  checkBefore(query.before, messages.length, `call #${call.id}'s request has ${messages.length} messages`)
  const from = Math.max(0, query.before - query.limit)
  return { callId: call.id, from, messages: messages.slice(from, query.before) }
}

/** Up to `limit` changes of a call's diff before position `before`, as `inspector.turn` lists them. */
export function diffMessagesPage(
  repo: SessionRepository,
  calls: CallRepository,
  query: InspectorPageQuery
): MethodOutput<'inspector.diffMessages'> {
  const call = callOf(calls, query)
  const previous = calls.before(query.sessionId, call.id)
  if (!previous) throw notFound(`Call #${call.id} is its session's first: there is no diff to page.`)
  const requestOf = requestRebuilder(repo, query.sessionId, [call, previous])
  const before = requestOf(previous).messages
  const after = requestOf(call).messages
  const positions = Math.max(before.length, after.length)
  checkBefore(query.before, positions, `call #${call.id}'s diff has ${positions} message positions`)
  const page = messageDiffPage(before, after, query.before, query.limit, { cells: REQUEST_DIFF_CELLS })
  return { callId: call.id, ...page }
}

function callOf(calls: CallRepository, query: InspectorPageQuery): CallRecord {
  const call = calls.get(query.callId)
  if (!call || call.sessionId !== query.sessionId)
    throw notFound(`No call #${query.callId} in session ${query.sessionId}.`)
  return call
}

function checkBefore(before: number, end: number, what: string): void {
  if (before > end) throw invalidInput(`before: ${before} is past the end (${what}).`)
}
