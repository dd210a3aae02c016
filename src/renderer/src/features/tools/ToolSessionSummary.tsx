import type { ReactNode } from 'react'
import type { ToolsListView } from '../../../../shared/contract'

/** What the agent's next session sends: tool search on or off, and the tools array's size. */
export function ToolSessionSummary({ session }: Readonly<{ session: ToolsListView['session'] }>): ReactNode {
  return (
    <div className="tools-summary" data-testid="tools-session-summary">
      <p>
        Next session: <strong>{session.visibleTools.length} tools</strong> in every request, about{' '}
        <strong>{session.firstRequestTokens.toLocaleString('en-US')} tokens</strong>
        {session.deferred ? `; ${session.deferredTools.length} more behind tool_search.` : '.'}
      </p>
      <p className="muted">{session.reason}</p>
      {session.untrustedServers.length > 0 && (
        <p className="muted">
          Untrusted servers in the session ({session.untrustedServers.join(', ')}): memory writes and Nexus
          posts will ask you first.
        </p>
      )}
    </div>
  )
}
