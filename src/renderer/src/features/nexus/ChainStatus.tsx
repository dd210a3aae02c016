import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectNexusChain, selectNexusTailSeq } from './nexusSlice'

/** Whether the log's hash chain and append-only guards check out, and a button to check again. */
export function ChainStatus(): ReactNode {
  const chain = useAppStore(selectNexusChain)
  const tail = useAppStore(selectNexusTailSeq)
  const verify = useAppStore((state) => state.verifyNexus)
  const newer = chain !== null && tail > chain.count ? ' · checking new entries…' : ''
  const label =
    chain === null
      ? 'Not verified yet'
      : chain.ok
        ? `Chain intact · ${chain.count} entries${newer}`
        : `Chain broken${chain.firstBadSeq !== null ? ` at #${chain.firstBadSeq}` : ''}`
  return (
    <div className="nexus-chain" data-testid="nexus-chain">
      <span
        className={`status-pill ${chain?.ok ? 'status-pill--good' : chain ? 'status-pill--bad' : ''}`}
        title={chain?.problems.join('\n') || 'Every hash recomputed from the entries'}
      >
        {label}
      </span>
      <Button size="small" variant="ghost" onClick={() => void verify()} data-testid="nexus-verify">
        Verify
      </Button>
    </div>
  )
}
