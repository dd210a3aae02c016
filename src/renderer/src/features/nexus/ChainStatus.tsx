import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectNexusChain, selectNexusTailSeq, selectNexusVerifying } from './nexusSlice'

const count = (n: number): string => n.toLocaleString('en')
const entries = (n: number): string => `${count(n)} ${n === 1 ? 'entry' : 'entries'}`

/**
 * Whether the log's hash chain and append-only guards check out, and a button to check again.
 * While a check runs (seconds over a long log) it shows how many entries are done of how many.
 */
export function ChainStatus(): ReactNode {
  const chain = useAppStore(selectNexusChain)
  const tail = useAppStore(selectNexusTailSeq)
  const verifying = useAppStore(selectNexusVerifying)
  const verify = useAppStore((state) => state.verifyNexus)
  const newer = chain !== null && tail > chain.count ? ` · checking ${count(tail - chain.count)} more…` : ''
  const label =
    chain === null
      ? verifying !== null
        ? 'Verifying the chain…'
        : 'Not verified yet'
      : chain.ok
        ? `Chain intact · ${entries(chain.count)}${newer}`
        : `Chain broken${chain.firstBadSeq !== null ? ` at #${chain.firstBadSeq}` : ''}`
  return (
    <div className="nexus-chain" data-testid="nexus-chain">
      <span
        className={`status-pill ${chain?.ok ? 'status-pill--good' : chain ? 'status-pill--bad' : ''}`}
        title={chain?.problems.join('\n') || 'Every hash recomputed from the entries'}
      >
        {label}
      </span>
      {verifying !== null && (
        <span className="nexus-chain__progress" data-testid="nexus-verify-progress">
          <progress
            aria-label="Verifying the Nexus chain"
            value={verifying.done}
            max={Math.max(1, verifying.total)}
          />
          <span>
            {count(verifying.done)} of {count(verifying.total)} checked
          </span>
        </span>
      )}
      <Button
        size="small"
        variant="ghost"
        onClick={() => void verify()}
        disabled={verifying !== null}
        data-testid="nexus-verify"
      >
        {verifying !== null ? 'Verifying…' : 'Verify'}
      </Button>
    </div>
  )
}
