import type { SessionId, TurnId } from '../../../shared/contract'
import type { StoredMessage } from '../chatTypes'
import type { MessageOutline } from '../store/messageRepository'
import type { SessionRepository } from '../store/sessionRepository'
import { messagesOnPath, pathTo, type TurnLink } from '../store/turnPath'
import { lockedTurns, pathForks, versionGroups } from '../turn/turnForks'
import { tailTurns, type EarlierPart, type VersionsView } from './sessionViews'

/** A chat's newest whole turns, read alone, with its version switchers and what comes before. */
export interface ChatTail extends EarlierPart {
  readonly messages: readonly StoredMessage[]
  readonly versions: VersionsView
}

const isUserText = (message: Pick<StoredMessage, 'role' | 'kind'>): boolean =>
  message.role === 'user' && message.kind === 'text'

/**
 * The newest whole turns of the chosen path holding at least `tail` messages, as `tailTurns`
 * picks them, chosen from the chat's outline (no content) and then read alone: a chat of
 * thousands of messages reads the few hundred it shows. The rest is counted from the outline;
 * the version switchers read only the user messages of turns that have versions.
 */
export function readChatTail(repo: SessionRepository, sessionId: SessionId, tail: number): ChatTail {
  const turns = repo.versions.turns(sessionId)
  const head = repo.versions.head(sessionId)
  const path = pathTo(turns, head)
  const outline = repo.outline(sessionId)
  const onPath = messagesOnPath(outline, turns, head)
  const { shown, earlierTurns } = tailTurns(onPath, tail)
  const shownIds = new Set(shown.map((message) => message.id))
  const userTexts = onPath.filter(isUserText)
  const newestUser = userTexts.at(-1)
  return {
    messages: repo.messagesWithIds(sessionId, [...shownIds]),
    earlierTurns,
    earlierUserTexts: userTexts.filter((message) => !shownIds.has(message.id)).length,
    newestUserShown: newestUser === undefined || shownIds.has(newestUser.id),
    versions: {
      groups: versionGroups({
        turns,
        path,
        userMessages: forkUserMessages(repo, sessionId, turns, path, outline)
      }),
      locked: [...lockedTurns(turns, path, outline)]
    }
  }
}

/** The user message of every turn that has versions at a position of the path, by turn. */
function forkUserMessages(
  repo: SessionRepository,
  sessionId: SessionId,
  turns: readonly TurnLink[],
  path: readonly TurnId[],
  outline: readonly MessageOutline[]
): Map<TurnId, StoredMessage> {
  const forked = new Set(pathForks(turns, path).flatMap((fork) => fork.siblings.map((turn) => turn.turnId)))
  if (forked.size === 0) return new Map()
  const ids = outline.filter((message) => isUserText(message) && forked.has(message.turnId)).map((m) => m.id)
  // In stored order, so a turn's newest user message wins, as when every message is read.
  return new Map(repo.messagesWithIds(sessionId, ids).map((message) => [message.turnId, message]))
}
