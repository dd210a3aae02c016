import { useState, type ReactNode } from 'react'
import type { ToolsetView } from '../../../../shared/contract'
import { BlockedTools } from './BlockedTools'

type ToolsetRowProps = Readonly<{
  toolset: ToolsetView
  onToggle: (name: string, enabled: boolean) => Promise<void>
}>

const STATUS_LABEL: Readonly<Record<ToolsetView['status'], string>> = {
  ready: 'ready',
  unavailable: 'unavailable',
  empty: 'not installed',
  stopped: 'not started',
  starting: 'starting…',
  running: 'running',
  failed: 'failed to start',
  crashed: 'crashed (restarts on next use)'
}

/** One toolset or MCP server: status, tool count, schema tokens, and its switch for this agent. */
export function ToolsetRow({ toolset, onToggle }: ToolsetRowProps): ReactNode {
  const [busy, setBusy] = useState(false)
  const toggle = async (): Promise<void> => {
    setBusy(true)
    try {
      await onToggle(toolset.name, !toolset.enabled)
    } finally {
      setBusy(false)
    }
  }
  return (
    <tr data-testid={`toolset-${toolset.name}`}>
      <td>
        <label className="tools-table__name">
          <input
            type="checkbox"
            checked={toolset.enabled}
            disabled={busy}
            onChange={() => void toggle()}
            aria-label={`Use ${toolset.name} in new sessions`}
          />
          <span>{toolset.name}</span>
        </label>
        <div className="muted tools-table__description">{toolset.description}</div>
        {toolset.error !== null && <div className="field__error">{toolset.error}</div>}
        <BlockedTools toolset={toolset} />
        {toolset.warnings.map((warning) => (
          <div key={warning} className="field__warning" role="note">
            {warning}
          </div>
        ))}
      </td>
      <td>{toolset.kind === 'mcp' ? (toolset.trusted ? 'MCP · trusted' : 'MCP · untrusted') : 'built-in'}</td>
      <td className={`tools-status tools-status--${toolset.status}`}>{STATUS_LABEL[toolset.status]}</td>
      <td className="tools-table__number">{toolset.toolCount}</td>
      <td className="tools-table__number">{toolset.tokens.toLocaleString('en-US')}</td>
    </tr>
  )
}
