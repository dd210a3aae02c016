import type { ReactNode } from 'react'
import type { NexusVerifyReport } from '../../../../shared/contract/nexus'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { formatTime } from './agentColor'
import { selectNexusChain, selectNexusTailSeq, selectNexusVerifying } from './nexusSlice'

const count = (n: number): string => n.toLocaleString('en')
const entries = (n: number): string => `${count(n)} ${n === 1 ? 'entry' : 'entries'}`

/** What the last check recomputed: every entry, or (gone on from an earlier check) the ones after it. */
function checkedWhat(chain: NexusVerifyReport): string {
  if (chain.resumedAfter === undefined) return 'Every hash recomputed from the entries'
  const since = chain.count - chain.resumedAfter
  const whole = chain.wholeCheckedAt === undefined ? 'earlier' : `on ${formatTime(chain.wholeCheckedAt)}`
  return `Entries up to #${count(chain.resumedAfter)} were recomputed ${whole}; the ${entries(since)} after it ${since === 1 ? 'was' : 'were'} recomputed now. Verify recomputes them all again.`
}

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
        title={chain === null ? undefined : chain.problems.join('\n') || checkedWhat(chain)}
      >
        {label}
      </span>
      {chain?.ok === true && chain.resumedAfter !== undefined && chain.wholeCheckedAt !== undefined && (
        <span className="muted nexus-chain__whole" data-testid="nexus-chain-whole">
          whole chain recomputed {formatTime(chain.wholeCheckedAt)}
        </span>
      )}
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
