import { useEffect, type ReactNode } from 'react'
import type { AgentId, InspectedCall } from '../../../../shared/contract'
import type { AppState } from '../../store/types'
import { useAppStore } from '../../store/useAppStore'

type Request = InspectedCall['request']

/** The bridge tool that stands in for deferred schemas; the session has it only when tools were deferred. */
const SEARCH_TOOL = 'tool_search'

/** The agent of the inspected session (the Inspector is opened on the session open in Chat). */
function selectInspectedAgent(state: AppState): AgentId | null {
  const detail = state.chatDetail
  const target = state.inspectorTarget
  if (detail !== null && target !== null && detail.id === target.sessionId) return detail.agentId
  return state.selectedAgentId
}

/** "devhub 40 · workspace 40": how many deferred tools each MCP server (or other source) contributes. */
function countBySource(names: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const name of names) {
    const source = /^mcp__(.+?)__/.exec(name)?.[1] ?? 'other'
    counts.set(source, (counts.get(source) ?? 0) + 1)
  }
  return [...counts.entries()].map(([source, count]) => `${source} ${count}`).join(' · ')
}

/**
 * Says that the session's tools were deferred behind tool search and which ones. The stored
 * request keeps only the tools actually sent, so the deferred list comes from the agent's tool
 * plan (`tools.list`), which is today's catalog: the note says so.
 */
export function DeferredToolsNote({ request }: Readonly<{ request: Request }>): ReactNode {
  const deferred = request.tools.some((tool) => tool.name === SEARCH_TOOL)
  const agentId = useAppStore(selectInspectedAgent)
  const view = useAppStore((state) => state.toolsView)
  const loadTools = useAppStore((state) => state.loadTools)
  const current = view !== null && view.agentId === agentId ? view : null
  useEffect(() => {
    if (deferred && agentId !== null && current === null) void loadTools(agentId)
  }, [deferred, agentId, current, loadTools])
  if (!deferred) return null
  const called = request.bridgeCalls
  const plan = current?.session
  return (
    <div className="inspector-deferred" data-testid="inspector-deferred">
      <p>
        <strong>Tool search was on.</strong> Only the tools listed here were sent; the others were deferred:
        the model finds them with <code>tool_search</code>, reads a schema with <code>tool_describe</code> and
        runs one with <code>tool_call</code>.
      </p>
      {called.length > 0 && (
        <p data-testid="inspector-deferred-called">
          Called through <code>tool_call</code> in this request:{' '}
          {called.map((name) => (
            <code key={name}>{name} </code>
          ))}
        </p>
      )}
      {plan === undefined ? (
        <p className="muted">Reading the agent’s tool plan…</p>
      ) : plan.deferred ? (
        <details>
          <summary data-testid="inspector-deferred-count">
            {plan.deferredTools.length} deferred tools in this agent’s current plan:{' '}
            {countBySource(plan.deferredTools)}{' '}
            <span className="muted">
              (today’s catalog; servers may have changed since this session began)
            </span>
          </summary>
          <ul className="inspector-deferred__list">
            {plan.deferredTools.map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="muted">The agent’s current plan no longer defers tools: {plan.reason}</p>
      )}
    </div>
  )
}
