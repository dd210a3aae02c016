import type { ReactNode } from 'react'
import type { InspectedCall } from '../../../../shared/contract'
import { Panel } from '../../ui/Panel'
import { cacheNote, cachePercent, formatUsd, MISS_REASON_TEXT } from '../chat/format'
import { RequestDiffView } from './RequestDiffView'
import { RequestView } from './RequestView'

function DiffLine({ diff }: Readonly<{ diff: InspectedCall['diff'] }>): ReactNode {
  if (diff.previousCallId === null)
    return <p className="muted">First call of the session: nothing to compare with.</p>
  const changed = [
    diff.modelChanged && 'model',
    diff.toolsChanged && 'tools',
    diff.systemChanged && 'system prompt'
  ].filter(Boolean)
  return (
    <p data-testid="inspector-diff">
      Compared with call #{diff.previousCallId}:{' '}
      {changed.length > 0 ? (
        <strong>{changed.join(', ')} changed</strong>
      ) : (
        'model, tools and system identical'
      )}
      ; {diff.commonMessages} message(s) identical at the start, {diff.removedMessages} gone,{' '}
      {diff.addedMessages} new.
    </p>
  )
}

/** One API call of the turn: usage, cache read share, miss reason, the diff and the exact request. */
/** Expected cache writes (first call, a rebuild the user asked for) read as facts; only real misses say "miss". */
function cacheLine(call: InspectedCall): string {
  const reason = call.missReason
  const u = call.usage
  const ran =
    call.status === 'ok' ||
    call.status === 'streaming' ||
    u.input_tokens + u.output_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens > 0
  if (!ran) return 'Cache: not used — this call got no answer, so nothing was read, written or billed.'
  if (reason === null) return 'Cache: read everything it could.'
  const note = cacheNote(reason)
  return note.expected ? `Cache: ${note.text}.` : `Cache miss: ${MISS_REASON_TEXT[reason] ?? reason}`
}

export function CallCard({ call }: Readonly<{ call: InspectedCall }>): ReactNode {
  const u = call.usage
  return (
    <Panel
      title={`Call #${call.callId} · ${call.purpose === 'compression' ? 'compression' : `iteration ${call.iteration + 1}`} · ${call.model}`}
      data-testid="inspector-call"
    >
      <div className="inspector-usage">
        <span>input {u.input_tokens}</span>
        <span>cache write {u.cache_creation_input_tokens}</span>
        <span data-testid="inspector-cache-read">cache read {u.cache_read_input_tokens}</span>
        <span>output {u.output_tokens}</span>
        <span>{cachePercent(u)}% from cache</span>
        <span>{formatUsd(call.costUsd)}</span>
        <span className="muted">status {call.status}</span>
      </div>
      <p data-testid="inspector-miss">
        {cacheLine(call)}
        {call.expectedRead > 0 && <span className="muted"> (could read ≈{call.expectedRead} tokens)</span>}
      </p>
      {call.error !== null && <p className="chat-error-text">{call.error}</p>}
      <DiffLine diff={call.diff} />
      {call.requestDiff !== null && <RequestDiffView callId={call.callId} diff={call.requestDiff} />}
      <RequestView callId={call.callId} request={call.request} />
    </Panel>
  )
}
