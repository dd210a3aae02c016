import { useState, type ReactNode } from 'react'
import type { McpServerView } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { serverTarget } from './mcpServerForm'
import { selectMcpServerTest } from './mcpServersSlice'
import { McpTestResult, McpToolList } from './McpServerTools'

type McpServerCardProps = Readonly<{
  server: McpServerView
  onEdit: (server: McpServerView) => void
  onRemove: (server: McpServerView) => void
  onTest: (name: string) => Promise<void>
  onTrust: (server: McpServerView, trusted: boolean) => Promise<void>
}>

const STATUS: Readonly<Record<McpServerView['status'], string>> = {
  ready: 'ready',
  unavailable: 'unavailable',
  empty: 'no tools',
  stopped: 'not started',
  starting: 'starting…',
  running: 'running',
  failed: 'failed to start',
  crashed: 'crashed (restarts on next use)'
}

const KIND: Readonly<Record<McpServerView['transport'], string>> = {
  stdio: 'local',
  http: 'Streamable HTTP',
  sse: 'SSE',
  auto: 'remote'
}

function retryText(retryAt: number | null): string | null {
  if (retryAt === null) return null
  return `Hearth tries again at ${new Date(retryAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}; Test tries now.`
}

/** One MCP server: what it runs, its state, last error and stderr, and what the user can do with it. */
export function McpServerCard({ server, onEdit, onRemove, onTest, onTrust }: McpServerCardProps): ReactNode {
  const [working, setWorking] = useState<'test' | 'trust' | null>(null)
  const busy = working !== null
  const run = async (action: 'test' | 'trust', work: () => Promise<void>): Promise<void> => {
    setWorking(action)
    try {
      await work()
    } finally {
      setWorking(null)
    }
  }
  const retry = retryText(server.retryAt)
  // The last Test already says why it failed; the same sentence is not repeated under it.
  const test = useAppStore(selectMcpServerTest(server.name))
  return (
    <li className="mcp-card" data-testid={`mcp-server-${server.name}`}>
      <div className="mcp-card__head">
        <strong className="mcp-card__name">{server.name}</strong>
        <span className="mcp-card__kind">{KIND[server.connectedOver ?? server.transport]}</span>
        <span className={`tools-status tools-status--${server.status}`}>{STATUS[server.status]}</span>
        <span className="muted mcp-card__counts">
          {server.toolCount} tool{server.toolCount === 1 ? '' : 's'} · {server.tokens.toLocaleString('en-US')}{' '}
          tokens
        </span>
      </div>
      <code className="mcp-card__target">{serverTarget(server)}</code>
      <McpTestResult name={server.name} />
      {server.error !== null && (test === undefined || test.ok) && (
        <div className="field__error">{server.error}</div>
      )}
      {retry !== null && <div className="muted mcp-card__note">{retry}</div>}
      {server.toolsChangedAt !== null && (
        <div className="muted mcp-card__note">
          The server changed its tools; chats started before that keep the old list, new chats get the new
          one.
        </div>
      )}
      {server.hiddenTools.length > 0 && (
        <div className="muted mcp-card__note">
          Hidden (they can only run as background tasks): {server.hiddenTools.join(', ')}
        </div>
      )}
      {[...server.configWarnings, ...server.toolWarnings].map((warning) => (
        <div key={warning} className="field__warning">
          {warning}
        </div>
      ))}
      {server.plainHeaders.length > 0 && (
        <div className="field__warning">
          Headers {server.plainHeaders.join(', ')} are written in config.json, where any program can read
          them. Edit and save the server to move them to the secret store.
        </div>
      )}
      <McpToolList server={server} />
      {server.stderr.length > 0 && (
        <details className="mcp-card__stderr">
          <summary>Last {server.stderr.length} stderr lines</summary>
          <pre>{server.stderr.join('\n')}</pre>
        </details>
      )}
      <div className="mcp-card__actions">
        <label className="mcp-card__trust">
          <input
            type="checkbox"
            checked={server.trusted}
            disabled={busy}
            onChange={(event) => void run('trust', () => onTrust(server, event.target.checked))}
            aria-label={`Trust ${server.name}`}
          />
          <span>Trusted</span>
        </label>
        <Button size="small" disabled={busy} onClick={() => void run('test', () => onTest(server.name))}>
          {working === 'test' ? 'Testing…' : 'Test'}
        </Button>
        <Button
          size="small"
          disabled={busy}
          onClick={() => onEdit(server)}
          aria-label={`Edit ${server.name}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          variant="ghost"
          disabled={busy}
          onClick={() => onRemove(server)}
          aria-label={`Remove ${server.name}`}
        >
          Remove
        </Button>
      </div>
    </li>
  )
}
