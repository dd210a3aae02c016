import type { TurnId } from '../../../shared/contract'
import type { StoredMessage, TurnOrigin } from '../chatTypes'

/** One turn's place in the conversation tree (a row of `turn_versions`). */
export interface TurnLink {
  readonly turnId: TurnId
  readonly parentTurnId: TurnId | null
  readonly origin: TurnOrigin
  readonly sourceTurnId: TurnId | null
  readonly createdAtMs: number
}

/** The turns from the first one to `head`, following parent links (oldest first). */
export function pathTo(turns: readonly TurnLink[], head: TurnId | null): TurnId[] {
  const byId = new Map(turns.map((turn) => [turn.turnId, turn]))
  const path: TurnId[] = []
  const seen = new Set<TurnId>()
  for (let id = head; id !== null && !seen.has(id); id = byId.get(id)?.parentTurnId ?? null) {
    seen.add(id)
    path.push(id)
  }
  return path.reverse()
}

/** Where the branch holding a turn leaves the chosen path, and the version shown there now. */
export interface BranchOff {
  /** The turn on the chosen path at that position (null when the path never reaches it). */
  readonly shown: TurnId | null
}

/**
 * Where the versions holding `turnId` leave the chosen path, or null when it is on the path
 * already (or in no version at all: written before versions existed).
 */
export function branchOff(
  turns: readonly TurnLink[],
  path: readonly TurnId[],
  turnId: TurnId
): BranchOff | null {
  if (!turns.some((turn) => turn.turnId === turnId)) return null
  const onPath = new Set(path)
  const leaving = pathTo(turns, turnId).find((id) => !onPath.has(id))
  if (leaving === undefined) return null
  const parent = turns.find((turn) => turn.turnId === leaving)?.parentTurnId ?? null
  const shown = path.find((id) => turns.find((turn) => turn.turnId === id)?.parentTurnId === parent)
  return { shown: shown ?? null }
}

/**
 * The head to move to when a version is picked: the newest turn at or below it, so switching
 * back to a version brings back the conversation that went on from it.
 */
export function newestLeafUnder(turns: readonly TurnLink[], turnId: TurnId): TurnId {
  const below = new Set([turnId])
  let newest = turns.find((t) => t.turnId === turnId)
  for (const turn of turns) {
    if (turn.parentTurnId === null || !below.has(turn.parentTurnId)) continue
    below.add(turn.turnId)
    if (!newest || turn.createdAtMs >= newest.createdAtMs) newest = turn
  }
  return newest?.turnId ?? turnId
}

/**
 * The messages of the chosen path. Messages of a turn with no link (written before versions
 * existed, or by an older process) stay in, as does the checkpoint in context: it summarises
 * turns that every version shares.
 */
export function messagesOnPath<M extends Pick<StoredMessage, 'turnId' | 'kind' | 'inContext'>>(
  messages: readonly M[],
  turns: readonly TurnLink[],
  head: TurnId | null
): M[] {
  if (turns.length === 0) return [...messages]
  const linked = new Set(turns.map((turn) => turn.turnId))
  const path = new Set(pathTo(turns, head))
  return messages.filter(
    (m) => path.has(m.turnId) || !linked.has(m.turnId) || (m.kind === 'checkpoint' && m.inContext)
  )
}
