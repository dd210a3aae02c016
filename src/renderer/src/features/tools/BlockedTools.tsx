import type { ReactNode } from 'react'
import type { ToolsetView } from '../../../../shared/contract'

/**
 * The tools of an MCP server kept from the model because their name, description or schema
 * matched the injection scanner: each with the lines that matched, so the user can judge the
 * server. The rest of the server's tools still work.
 */
export function BlockedTools({ toolset }: Readonly<{ toolset: ToolsetView }>): ReactNode {
  if (toolset.blockedTools.length === 0) return null
  const count = toolset.blockedTools.length
  return (
    <div className="tools-blocked" role="group" aria-label={`Blocked tools of ${toolset.name}`}>
      <div className="tools-blocked__title">
        {count === 1
          ? '1 tool blocked: withheld from the model because its description looks like a prompt injection.'
          : `${count} tools blocked: withheld from the model because their descriptions look like a prompt injection.`}{' '}
        The server&apos;s other tools still work.
      </div>
      <ul className="tools-blocked__list">
        {toolset.blockedTools.map((tool) => (
          <li key={tool.name} data-testid={`blocked-tool-${tool.name}`}>
            <span className="mono">{tool.name}</span> — blocked
            {tool.findings
              .filter((finding) => finding.severity === 'block')
              .map((finding) => (
                <div key={`${finding.id}:${finding.line}`} className="muted tools-blocked__finding">
                  matched {finding.id}: “{finding.lineText.trim()}”
                </div>
              ))}
          </li>
        ))}
      </ul>
    </div>
  )
}
