import { useState, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectAgentName } from '../agents/agentsSlice'
import { selectToolConfirmations } from './toolsSlice'
import './tools.css'

/**
 * The untrusted gate's question: an agent wants to write memory or post to the Nexus while
 * tools from an untrusted MCP server are in its session. Shows the arguments; Allow / Deny.
 * Also asks whether a project folder's `.mcp.json` may run its servers (server name → command).
 * Mounted in the shell's banner area, so it is answered from whatever screen is open.
 */
export function ToolConfirmationBanner(): ReactNode {
  const requests = useAppStore(selectToolConfirmations)
  const answer = useAppStore((state) => state.answerToolConfirmation)
  const [error, setError] = useState<string | null>(null)
  const request = requests[0]
  const agentName = useAppStore((state) =>
    request === undefined ? '' : selectAgentName(request.agentId)(state)
  )
  if (request === undefined) return null
  const reply = async (approved: boolean): Promise<void> => {
    const result = await answer(request.requestId, approved)
    setError(result.ok ? null : result.message)
  }
  return (
    <Banner
      tone="warning"
      title={
        request.kind === 'projectServers'
          ? `Run the MCP servers of ${request.toolName}?`
          : `${agentName} wants to run ${request.toolName}`
      }
      data-testid="tool-confirmation"
      actions={
        <>
          <Button variant="primary" size="small" onClick={() => void reply(true)}>
            Allow
          </Button>
          <Button variant="danger" size="small" onClick={() => void reply(false)}>
            Deny
          </Button>
        </>
      }
    >
      <p>{request.reason}</p>
      <pre className="tools-confirmation__input">{request.input}</pre>
      {requests.length > 1 && <p className="muted">{requests.length - 1} more waiting.</p>}
      {error !== null && <p className="field__error">{error}</p>}
    </Banner>
  )
}
