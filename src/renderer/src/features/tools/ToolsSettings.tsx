import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { useAppStore } from '../../store/useAppStore'
import { selectSelectedAgentId } from '../agents/agentsSlice'
import { McpServersPanel } from './McpServersPanel'
import { ToolSessionSummary } from './ToolSessionSummary'
import { ToolsetRow } from './ToolsetRow'
import { selectToolsError, selectToolsLoading, selectToolsNotice, selectToolsView } from './toolsSlice'
import './tools.css'

/**
 * Settings → Tools for the selected agent: each built-in toolset and MCP server with its status,
 * tool count and schema tokens, switched on or off for the agent's next session.
 */
export function ToolsSettings(): ReactNode {
  const agentId = useAppStore(selectSelectedAgentId)
  const view = useAppStore(selectToolsView)
  const loading = useAppStore(selectToolsLoading)
  const error = useAppStore(selectToolsError)
  const notice = useAppStore(selectToolsNotice)
  const loadTools = useAppStore((state) => state.loadTools)
  const setEnabled = useAppStore((state) => state.setToolsetEnabled)
  const [toggleError, setToggleError] = useState<string | null>(null)
  // Servers may have been added to config.json since the last visit; re-read on every visit.
  useEffect(() => {
    if (agentId !== null) void loadTools(agentId)
  }, [agentId, loadTools])
  const toggle = useCallback(
    async (name: string, enabled: boolean): Promise<void> => {
      if (agentId === null) return
      const result = await setEnabled(agentId, name, enabled)
      setToggleError(result.ok ? null : result.message)
    },
    [agentId, setEnabled]
  )
  if (agentId === null) return <p className="muted">Select an agent to see its tools.</p>
  const current = view !== null && view.agentId === agentId ? view : null
  return (
    <div className="tools-settings" data-testid="tools-settings">
      {error !== null && (
        <Banner tone="danger" title="Could not list the tools">
          {error}
        </Banner>
      )}
      {toggleError !== null && (
        <Banner tone="danger" title="Could not change the toolset">
          {toggleError}
        </Banner>
      )}
      {notice !== null && (
        <Banner tone="info" title="Saved for the next session" data-testid="tools-notice">
          {notice}
        </Banner>
      )}
      {current?.problems.map((problem) => (
        <Banner key={problem} tone="warning" title="Tool configuration">
          {problem}
        </Banner>
      ))}
      {current === null ? (
        <p className="muted">
          {loading ? 'Starting MCP servers and counting tools…' : 'No tool information yet.'}
        </p>
      ) : (
        <>
          <ToolSessionSummary session={current.session} />
          <table className="tools-table">
            <thead>
              <tr>
                <th>Toolset</th>
                <th>Source</th>
                <th>Status</th>
                <th>Tools</th>
                <th>Tokens</th>
              </tr>
            </thead>
            <tbody>
              {current.toolsets.map((toolset) => (
                <ToolsetRow key={toolset.name} toolset={toolset} onToggle={toggle} />
              ))}
            </tbody>
          </table>
          <p className="muted">
            {current.usesDefault
              ? 'This agent uses the default toolsets (every built-in tool and every MCP server).'
              : `Stored in config.json as agents.${agentId}.toolsets: ${current.configured.join(', ')}.`}
          </p>
        </>
      )}
      <McpServersPanel />
    </div>
  )
}
