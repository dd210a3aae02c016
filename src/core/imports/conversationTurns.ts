import type { TurnId } from '../../shared/contract'
import { newTurnId } from '../domain/ids'
import type { ImportedMessage, ImportedTurn } from '../chat/store/importedSessions'
import type { ConversationNode } from './importTypes'

interface TurnDraft {
  readonly turnId: TurnId
  readonly parentTurnId: TurnId | null
  readonly origin: ImportedTurn['origin']
  readonly sourceTurnId: TurnId | null
  readonly messages: ImportedMessage[]
}

function isUserText(message: ImportedMessage): boolean {
  return message.role === 'user' && message.kind === 'text'
}

/**
 * Turns a conversation tree (each message naming the one before it) into Hearth's turns and
 * their versions: a user message starts a turn; what answers it joins that turn. Two user
 * messages after the same point are an edit (sibling turns); two answers to one user message are
 * a regenerated reply (a sibling turn repeating the user message). The head is the turn holding
 * the message the other runtime showed last, so the chat opens on the branch the person saw.
 */
export function buildTurns(
  nodes: readonly ConversationNode[],
  shownLeaf: string | null
): { turns: ImportedTurn[]; headTurnId: TurnId | null } {
  const children = new Map<string | null, ConversationNode[]>()
  const ids = new Set(nodes.map((node) => node.id))
  for (const node of nodes) {
    const parent = node.parent !== null && ids.has(node.parent) ? node.parent : null
    children.set(parent, [...(children.get(parent) ?? []), node])
  }
  const turns: TurnDraft[] = []
  const turnOfNode = new Map<string, TurnId>()
  const firstAt = new Map<string, TurnId>()

  const open = (
    parentTurnId: TurnId | null,
    origin: TurnDraft['origin'],
    source: TurnId | null
  ): TurnDraft => {
    const turn: TurnDraft = { turnId: newTurnId(), parentTurnId, origin, sourceTurnId: source, messages: [] }
    turns.push(turn)
    return turn
  }

  // Iterative walk (a long chat is thousands of messages deep).
  const stack: { node: ConversationNode; turn: TurnDraft | null; repeat: ImportedMessage | null }[] = (
    children.get(null) ?? []
  )
    .map((node) => ({ node, turn: null, repeat: null }))
    .reverse()
  while (stack.length > 0) {
    const { node, turn: current, repeat } = stack.pop() as (typeof stack)[number]
    let turn: TurnDraft
    if (isUserText(node.message)) {
      const key = current?.turnId ?? '(root)'
      const sibling = firstAt.get(key)
      turn = open(current?.turnId ?? null, sibling ? 'edit' : 'send', sibling ?? null)
      if (!sibling) firstAt.set(key, turn.turnId)
    } else turn = current ?? open(null, 'send', null)
    if (repeat) turn.messages.push(repeat)
    turn.messages.push(node.message)
    turnOfNode.set(node.id, turn.turnId)
    const next = children.get(node.id) ?? []
    const pushes = next.map((child, index) => {
      // A second answer to the same user message: a regenerated version of this turn.
      if (index > 0 && isUserText(node.message) && !isUserText(child.message)) {
        const version = open(turn.parentTurnId, 'regenerate', turn.turnId)
        return { node: child, turn: version, repeat: node.message }
      }
      return { node: child, turn, repeat: null }
    })
    stack.push(...pushes.reverse())
  }
  const headNode = shownLeaf !== null && turnOfNode.has(shownLeaf) ? shownLeaf : lastOnFirstPath(children)
  const headTurnId = headNode === null ? null : (turnOfNode.get(headNode) ?? null)
  return { turns: turns.filter((turn) => turn.messages.length > 0).map(finish), headTurnId }
}

function finish(turn: TurnDraft): ImportedTurn {
  return { ...turn, createdAtMs: turn.messages[0]?.createdAtMs ?? 0 }
}

/** Without a shown message: follow the newest child at each step. */
function lastOnFirstPath(children: ReadonlyMap<string | null, ConversationNode[]>): string | null {
  let id: string | null = null
  for (;;) {
    const next: ConversationNode | undefined = (children.get(id) ?? []).at(-1)
    if (!next) return id
    id = next.id
  }
}
