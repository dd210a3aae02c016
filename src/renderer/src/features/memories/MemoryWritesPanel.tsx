import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { MemoryWrite } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { EmptyState } from '../../ui/EmptyState'
import { selectAgentName } from '../agents/agentsSlice'
import { MemoryReceiptCard } from '../memory'
import { quoteChatTitle } from '../review'
import { selectMemoryWrites } from './memoryWritesSlice'

function when(atMs: number): string {
  return new Date(atMs).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
}

/** Who made the write and where: the agent in a chat (a link to that message), or the user. */
function WriteSource({ write }: Readonly<{ write: MemoryWrite }>): ReactNode {
  const agentName = useAppStore(selectAgentName(write.receipt.agentId))
  const showMessage = useAppStore((state) => state.showChatMessage)
  const { receipt, chat } = write
  const who =
    receipt.origin === 'pin'
      ? 'Pinned from an approved fact'
      : receipt.origin === 'user'
        ? 'You wrote this'
        : `${agentName} wrote this with its memory tool`
  if (chat === null) return <>{who}</>
  const title = quoteChatTitle(chat.title)
  if (chat.messageId === null) return <>{`${who} in ${title}`}</>
  const messageId = chat.messageId
  return (
    <>
      {who} in{' '}
      <button
        type="button"
        className="fact-source fact-source--link"
        title="Open the chat at the turn that made this write"
        onClick={() => void showMessage({ agentId: receipt.agentId, sessionId: chat.sessionId, messageId })}
      >
        {title}
      </button>
    </>
  )
}

/**
 * Memories → Writes: every write to MEMORY.md and USER.md the agent made (and the user's own),
 * newest first, each with its receipt and Undo, not only on the chat turn that made it.
 */
export function MemoryWritesPanel(): ReactNode {
  const writes = useAppStore(useShallow(selectMemoryWrites))
  const { loaded, error, version } = useAppStore(
    useShallow((s) => ({
      loaded: s.memoryWritesLoaded,
      error: s.memoryWritesError,
      version: s.memoryWritesVersion
    }))
  )
  if (error !== null)
    return (
      <Banner tone="danger" title="The memory writes could not be read">
        {error}
      </Banner>
    )
  if (loaded && writes.length === 0)
    return (
      <EmptyState title="No memory writes yet">
        When the agent saves something to MEMORY.md or USER.md with its memory tool, the write is listed here
        with its receipt and Undo.
      </EmptyState>
    )
  return (
    <ul className="memory-writes" aria-label="Memory writes">
      {writes.map((write) => (
        // Keyed by load too: after an undo elsewhere, an earlier refusal ("changed after it") may no longer hold.
        <li key={`${write.receipt.id}:${version}`} className="memory-write">
          <p className="memory-write__source muted">
            <WriteSource write={write} /> ·{' '}
            <time dateTime={new Date(write.receipt.atMs).toISOString()}>{when(write.receipt.atMs)}</time>
          </p>
          <MemoryReceiptCard receipt={write.receipt} />
        </li>
      ))}
    </ul>
  )
}
