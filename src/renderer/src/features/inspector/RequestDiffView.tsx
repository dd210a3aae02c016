import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { BreakpointsDiff } from './BreakpointsDiff'
import { ContextDiff } from './ContextDiff'
import { MessagesDiff } from './MessagesDiff'
import { SystemDiff } from './SystemDiff'
import { ToolsDiff } from './ToolsDiff'

/** The request compared part by part with the previous call's request; unchanged parts start folded. */
export function RequestDiffView({
  callId,
  diff
}: Readonly<{ callId: number; diff: RequestDiff }>): ReactNode {
  return (
    <div className="inspector-request-diff" data-testid="inspector-request-diff">
      <h3>Diff against call #{diff.previousCallId}</h3>
      {diff.model !== null && (
        <p className="diff-part diff-part--changed">
          Model <span className="diff-remove">{diff.model.before}</span> →{' '}
          <span className="diff-add">{diff.model.after}</span>
        </p>
      )}
      {diff.ttl !== null && (
        <p className="diff-part diff-part--changed">
          Cache TTL <span className="diff-remove">{diff.ttl.before}</span> →{' '}
          <span className="diff-add">{diff.ttl.after}</span>
        </p>
      )}
      <SystemDiff tiers={diff.system} />
      <ToolsDiff tools={diff.tools} unchanged={diff.toolsUnchanged} />
      <MessagesDiff callId={callId} diff={diff} />
      <BreakpointsDiff breakpoints={diff.breakpoints} />
      <ContextDiff context={diff.context} />
    </div>
  )
}
