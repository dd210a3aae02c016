import type { ReactNode } from 'react'
import type { ConnectionReport } from '../../../../shared/contract'

/** What one test call found: where it went, what came back (the endpoint's own words) and what to do. */
export function ConnectionReportView({ report }: Readonly<{ report: ConnectionReport }>): ReactNode {
  const answer =
    report.status === null
      ? 'no answer'
      : `HTTP ${report.status}${report.errorType !== null ? ` ${report.errorType}` : ''}`
  return (
    <div
      className={`connection-report ${report.ok ? 'connection-report--ok' : 'connection-report--failed'}`}
      role={report.ok ? 'status' : 'alert'}
      data-testid="connection-report"
    >
      <p className="connection-report__headline">{report.ok ? 'Connected' : 'The test call failed'}</p>
      <dl className="connection-report__facts">
        <dt>Request</dt>
        <dd className="mono" data-testid="connection-report-url">
          POST {report.url}
        </dd>
        <dt>Model</dt>
        <dd className="mono">{report.model}</dd>
        <dt>Answer</dt>
        <dd data-testid="connection-report-status">
          {answer} · {report.elapsedMs} ms
          {report.requestId !== null ? <span className="muted"> · request {report.requestId}</span> : null}
        </dd>
        <dt>{report.ok ? 'Result' : report.status === null ? 'Problem' : 'Endpoint said'}</dt>
        <dd data-testid="connection-report-message">{report.message}</dd>
      </dl>
      <p className="connection-report__advice" data-testid="connection-report-advice">
        {report.advice}
      </p>
    </div>
  )
}
