import { useEffect, type ReactNode } from 'react'
import { MemoryReceiptCard } from '../memory'
import { useAppStore } from '../../store/useAppStore'

const NONE: readonly never[] = []

/** Memory writes made in this session, each with its receipt (loaded on open, pushed live after). */
export function SessionReceipts({ sessionId }: Readonly<{ sessionId: string }>): ReactNode {
  const receipts = useAppStore((state) => state.receiptsBySession[sessionId] ?? NONE)
  const load = useAppStore((state) => state.loadSessionReceipts)
  useEffect(() => {
    void load(sessionId)
  }, [load, sessionId])
  if (receipts.length === 0) return null
  return (
    <div className="chat-receipts" data-testid="chat-receipts">
      {receipts.map((receipt) => (
        <MemoryReceiptCard key={receipt.id} receipt={receipt} />
      ))}
    </div>
  )
}
