import type { SessionId, TurnId } from '../../../shared/contract'
import { conflict, invalidInput, notFound } from '../../errors'
import type { ContentBlock, StoredMessage, TurnOrigin } from '../chatTypes'
import { messagesOnPath, pathTo, type TurnLink } from '../store/turnPath'
import type { SessionRepository } from '../store/sessionRepository'

/** A new version of a turn, ready to run: where it hangs in the tree and the user message it sends. */
export interface ForkPlan {
  readonly origin: Exclude<TurnOrigin, 'send'>
  readonly sourceTurnId: TurnId
  readonly parentTurnId: TurnId | null
  readonly content: readonly ContentBlock[]
  readonly userText: string
  /** How many user turns come before it on its path (what recall providers call the turn index). */
  readonly turnIndex: number
}

/** The chosen path of a session, turn by turn, with each turn's user message. */
export interface PathView {
  readonly turns: readonly TurnLink[]
  readonly path: readonly TurnId[]
  readonly userMessages: ReadonlyMap<TurnId, StoredMessage>
  /** The chosen path's messages, what the chat shows (read with the rest: a long chat's messages are read once). */
  readonly messages: readonly StoredMessage[]
  /** Path turns before the one holding the checkpoint in context: summarised, so they cannot fork. */
  readonly locked: ReadonlySet<TurnId>
}

export function pathView(repo: SessionRepository, sessionId: SessionId): PathView {
  const turns = repo.versions.turns(sessionId)
  const head = repo.versions.head(sessionId)
  const path = pathTo(turns, head)
  const all = repo.allMessages(sessionId)
  const userMessages = new Map(
    all.filter((m) => m.kind === 'text' && m.role === 'user').map((m) => [m.turnId, m])
  )
  return {
    turns,
    path,
    userMessages,
    messages: messagesOnPath(all, turns, head),
    locked: lockedTurns(turns, path, all)
  }
}

/** Path turns before the one holding the last checkpoint in context (of every stored message): summarised. */
export function lockedTurns(
  turns: readonly TurnLink[],
  path: readonly TurnId[],
  messages: readonly Pick<StoredMessage, 'turnId' | 'kind' | 'inContext'>[]
): Set<TurnId> {
  const checkpoint = messages.filter((m) => m.kind === 'checkpoint' && m.inContext).at(-1)
  const depth = checkpoint ? depthOf(turns, checkpoint.turnId) : 0
  return new Set(path.slice(0, Math.max(0, depth)))
}

function depthOf(turns: readonly TurnLink[], turnId: TurnId): number {
  return pathTo(turns, turnId).length - 1
}

/** The text of a user message (its text blocks joined). */
export function userTextOf(message: StoredMessage | undefined): string {
  return (message?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n')
}

function forkableTurn(view: PathView, turnId: TurnId, action: string): StoredMessage {
  if (!view.path.includes(turnId))
    throw notFound(`Turn ${turnId} is not part of the conversation shown; pick its version first`)
  if (view.locked.has(turnId))
    throw conflict(
      `This turn was summarised into a checkpoint to save context; only turns after the checkpoint can be ${action}`
    )
  const user = view.userMessages.get(turnId)
  if (!user)
    throw conflict(
      `Turn ${turnId} has no message of yours to ${action === 'edited' ? 'edit' : 'answer again'}`
    )
  return user
}

/** Answering the last message again: a sibling of the last turn with the same user message. */
export function planRegenerate(repo: SessionRepository, sessionId: SessionId, turnId: TurnId): ForkPlan {
  const view = pathView(repo, sessionId)
  const user = forkableTurn(view, turnId, 'regenerated')
  if (view.path.at(-1) !== turnId)
    throw conflict(
      'Only the last reply can be regenerated; to redo an earlier one, edit the message before it'
    )
  const link = view.turns.find((turn) => turn.turnId === turnId) as TurnLink
  return {
    origin: 'regenerate',
    sourceTurnId: turnId,
    parentTurnId: link.parentTurnId,
    content: user.content,
    userText: userTextOf(user),
    turnIndex: view.path.indexOf(turnId)
  }
}

/**
 * Resending an edited message: a sibling of its turn, so the conversation forks there and the
 * later turns stay on the other version. Attachments of the original message are kept.
 */
export function planEdit(
  repo: SessionRepository,
  sessionId: SessionId,
  turnId: TurnId,
  text: string
): ForkPlan {
  const view = pathView(repo, sessionId)
  const user = forkableTurn(view, turnId, 'edited')
  const trimmed = text.trim()
  if (trimmed === '') throw invalidInput('An edited message needs some text')
  const attachments = user.content.filter((block) => block.type !== 'text')
  const link = view.turns.find((turn) => turn.turnId === turnId) as TurnLink
  return {
    origin: 'edit',
    sourceTurnId: turnId,
    parentTurnId: link.parentTurnId,
    content: [...attachments, { type: 'text', text: trimmed }],
    userText: trimmed,
    turnIndex: view.path.indexOf(turnId)
  }
}

/** Versions at one position of the path, for the ◀ n/m ▶ switcher. */
export interface VersionGroup {
  readonly turnId: TurnId
  readonly versionTurnIds: readonly TurnId[]
  /** True when the versions differ in the user's message (an edit), false when only the reply does. */
  readonly messageEdited: boolean
}

/** The versions at each position of the path that has more than one, in path order. */
export function pathForks(
  turns: readonly TurnLink[],
  path: readonly TurnId[]
): { turnId: TurnId; siblings: TurnLink[] }[] {
  // The turns under each parent, looked up by key: a year-long chat has thousands of path turns.
  const byId = new Map(turns.map((turn) => [turn.turnId, turn]))
  const children = new Map<TurnId | null, TurnLink[]>()
  for (const turn of turns) {
    const siblings = children.get(turn.parentTurnId)
    if (siblings) siblings.push(turn)
    else children.set(turn.parentTurnId, [turn])
  }
  return path.flatMap((turnId) => {
    const turn = byId.get(turnId)
    const siblings = turn ? (children.get(turn.parentTurnId) ?? []) : []
    return siblings.length < 2 ? [] : [{ turnId, siblings }]
  })
}

/** `userMessages` needs the user message of every version in `pathForks` (the others are not read). */
export function versionGroups(view: Pick<PathView, 'turns' | 'path' | 'userMessages'>): VersionGroup[] {
  return pathForks(view.turns, view.path).map(({ turnId, siblings }) => {
    const text = userTextOf(view.userMessages.get(turnId))
    const messageEdited = siblings.some(
      (sibling) => userTextOf(view.userMessages.get(sibling.turnId)) !== text
    )
    return { turnId, versionTurnIds: siblings.map((sibling) => sibling.turnId), messageEdited }
  })
}
