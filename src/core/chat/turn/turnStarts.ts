import type { SessionId } from '../../../shared/contract'
import type { ChatSendInput } from '../../../shared/contract/chat'
import {
  attachmentBlocks,
  checkConversationLimits,
  type AttachmentReader
} from '../../attachments/attachmentBlocks'
import { conflict, notFound } from '../../errors'
import type { Clock } from '../../ports/clock'
import type { SessionRecord } from '../chatTypes'
import type { RunningTurns } from './runningTurns'
import type { SessionRepository } from '../store/sessionRepository'
import type { StoredTurn } from './turnLaunch'
import type { ForkPlan } from './turnForks'
import { newTurnId } from '../../domain/ids'

/** What storing a turn's user message needs. */
export interface TurnStoreDeps {
  readonly repo: SessionRepository
  readonly clock: Clock
  readonly running: RunningTurns
  readonly attachments?: AttachmentReader
}

const BUSY = 'This session is already answering; wait for it or press Stop'

/** A chat in the trash is read-only: nothing runs in it until the user restores it. */
export function checkNotTrashed(session: SessionRecord): void {
  if (session.deletedAtMs !== null)
    throw conflict('This chat is in the trash, so it takes no new messages. Restore it to keep talking.')
}

/** A session that takes a new message: it has not ended and is not answering. */
export function checkTakesMessages(deps: TurnStoreDeps, session: SessionRecord): void {
  if (session.endedAtMs !== null)
    throw conflict(
      'This session has ended, so it takes no new messages (its transcript stays readable). Start a new chat to keep talking.'
    )
  if (deps.running.isAnswering(session.id)) throw conflict(BUSY)
}

/** A stored session that may run a turn again or anew: it exists, is not in the trash, has not ended and is not answering. */
export function sessionForNewRun(deps: TurnStoreDeps, sessionId: SessionId): SessionRecord {
  const found = deps.repo.getSession(sessionId)
  if (!found)
    throw notFound(`No session with id "${sessionId}". Run \`hearth sessions list\` to see the sessions.`)
  checkNotTrashed(found)
  if (found.endedAtMs !== null) throw conflict('This session has ended; start a new chat to go on')
  if (deps.running.isAnswering(sessionId)) throw conflict(BUSY)
  return found
}

/** Stores a new user message (with its attachments) before any model call; the first one titles the chat. */
export function storeNewTurn(deps: TurnStoreDeps, session: SessionRecord, input: ChatSendInput): StoredTurn {
  const { repo } = deps
  const turnId = newTurnId()
  // Read once: a long chat's messages are thousands of rows.
  const history = repo.messages(session.id)
  const turnIndex = history.filter((m) => m.kind === 'text').length
  const files = attachmentBlocks(deps.attachments, input.attachments ?? [])
  checkConversationLimits(deps.attachments, history, files)
  const user = repo.appendMessage({
    sessionId: session.id,
    turnId,
    role: 'user',
    kind: 'text',
    content: [...files, { type: 'text', text: input.text }],
    status: 'complete',
    nowMs: deps.clock.now()
  })
  repo.setTitle(session.id, input.text.replace(/\s+/g, ' ').trim().slice(0, 80))
  return { turnId, userMessageId: user.id, userText: input.text, turnIndex, transcript: [...history, user] }
}

/** A new version of a turn: linked beside the one it replaces, made the head, its user message stored. */
export function storeForkTurn(deps: TurnStoreDeps, sessionId: SessionId, fork: ForkPlan): StoredTurn {
  const turnId = newTurnId()
  const nowMs = deps.clock.now()
  deps.repo.versions.fork(sessionId, {
    turnId,
    parentTurnId: fork.parentTurnId,
    origin: fork.origin,
    sourceTurnId: fork.sourceTurnId,
    createdAtMs: nowMs
  })
  const user = deps.repo.appendMessage({
    sessionId,
    turnId,
    role: 'user',
    kind: 'text',
    content: fork.content,
    status: 'complete',
    nowMs
  })
  return { turnId, userMessageId: user.id, userText: fork.userText, turnIndex: fork.turnIndex }
}
