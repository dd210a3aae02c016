import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { McpServerView } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { McpServerCard } from './McpServerCard'
import { McpServerDialog } from './McpServerDialog'
import { formFromView, readServerForm } from './mcpServerForm'
import { selectMcpServers, selectMcpServersError, selectMcpServersLoading } from './mcpServersSlice'

type Editing =
  | { readonly kind: 'add' }
  | { readonly kind: 'edit'; readonly server: McpServerView }
  | { readonly kind: 'remove'; readonly server: McpServerView }
  | null

/** Settings → Tools → MCP servers: every configured server, managed without editing JSON. */
export function McpServersPanel(): ReactNode {
  const view = useAppStore(selectMcpServers)
  const loading = useAppStore(selectMcpServersLoading)
  const loadError = useAppStore(selectMcpServersError)
  const load = useAppStore((state) => state.loadMcpServers)
  const save = useAppStore((state) => state.saveMcpServer)
  const remove = useAppStore((state) => state.removeMcpServer)
  const test = useAppStore((state) => state.testMcpServer)
  const [editing, setEditing] = useState<Editing>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  useEffect(() => {
    void load()
  }, [load])
  const report = (result: { ok: boolean; message?: string }): void =>
    setActionError(result.ok ? null : (result.message ?? null))
  const trust = useCallback(
    async (server: McpServerView, trusted: boolean): Promise<void> => {
      const reading = readServerForm({ ...formFromView(server), trusted }, true)
      report(
        reading.ok
          ? await save(reading.draft, server.name, reading.headers)
          : { ok: false, message: reading.message }
      )
    },
    [save]
  )
  const confirmRemove = async (server: McpServerView): Promise<void> => {
    report(await remove(server.name))
    setEditing(null)
  }
  return (
    <section className="mcp-servers" aria-labelledby="mcp-servers-title" data-testid="mcp-servers">
      <div className="mcp-servers__head">
        <h3 id="mcp-servers-title">MCP servers</h3>
        <Button variant="primary" size="small" onClick={() => setEditing({ kind: 'add' })}>
          Add server
        </Button>
      </div>
      {loadError !== null && (
        <Banner tone="danger" title="Could not list the MCP servers">
          {loadError}
        </Banner>
      )}
      {actionError !== null && (
        <Banner tone="danger" title="Could not change the server">
          {actionError}
        </Banner>
      )}
      {view?.problems.map((problem) => (
        <Banner key={problem} tone="warning" title="Left out of config.json">
          {problem}
        </Banner>
      ))}
      {view === null ? (
        <p className="muted">{loading ? 'Starting MCP servers…' : 'No server information yet.'}</p>
      ) : view.servers.length === 0 ? (
        <p className="muted">
          No MCP servers yet. Add one, or paste an entry from Claude Code, Claude Desktop, Cursor or VS Code.
        </p>
      ) : (
        <ul className="mcp-servers__list">
          {view.servers.map((server) => (
            <McpServerCard
              key={server.name}
              server={server}
              onEdit={(s) => setEditing({ kind: 'edit', server: s })}
              onRemove={(s) => setEditing({ kind: 'remove', server: s })}
              onTest={async (name) => report(await test(name))}
              onTrust={trust}
            />
          ))}
        </ul>
      )}
      {(editing?.kind === 'add' || editing?.kind === 'edit') && (
        <McpServerDialog
          editing={editing.kind === 'edit' ? editing.server : null}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'remove' && (
        <Dialog
          title={`Remove ${editing.server.name}?`}
          onClose={() => setEditing(null)}
          actions={
            <>
              <Button variant="ghost" onClick={() => setEditing(null)}>
                Keep it
              </Button>
              <Button variant="danger" onClick={() => void confirmRemove(editing.server)}>
                Remove server
              </Button>
            </>
          }
        >
          <p>
            Its entry leaves config.json, its headers leave the secret store, and agents stop getting its
            tools from their next chat.
          </p>
        </Dialog>
      )}
    </section>
  )
}
