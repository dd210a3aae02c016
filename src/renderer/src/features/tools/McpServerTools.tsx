import type { ReactNode } from 'react'
import type { McpServerView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectMcpServerTest } from './mcpServersSlice'

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

function tokens(count: number): string {
  return `${count.toLocaleString('en-US')} token${count === 1 ? '' : 's'}`
}

/** The last Test of a server: passed or failed, what was tried, how long it took, and why in words. */
export function McpTestResult({ name }: Readonly<{ name: string }>): ReactNode {
  const test = useAppStore(selectMcpServerTest(name))
  if (test === undefined) return null
  const at = new Date(test.testedAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit'
  })
  return (
    <div
      className={`mcp-test mcp-test--${test.ok ? 'pass' : 'fail'}`}
      role="status"
      aria-label={`Test of ${name}`}
    >
      <p className="mcp-test__verdict">
        <strong>{test.ok ? '✓ Passed' : '✗ Failed'}</strong> in {duration(test.durationMs)}{' '}
        <span className="muted">at {at}</span>
      </p>
      <p>{test.tried}.</p>
      {test.ok ? (
        <p>
          {test.toolCount} tool{test.toolCount === 1 ? '' : 's'} offered, {tokens(test.tokens)} in every
          request that carries them.
        </p>
      ) : (
        <p className="mcp-test__error">{test.error}</p>
      )}
    </div>
  )
}

/** The tools a server offers, each with its token cost (what its definition adds to a request). */
export function McpToolList({ server }: Readonly<{ server: McpServerView }>): ReactNode {
  if (server.tools.length === 0) return null
  return (
    <details className="mcp-tools">
      <summary>
        Tools ({server.tools.length}) · {tokens(server.tokens)}
      </summary>
      <table className="mcp-tools__table" aria-label={`Tools of ${server.name}`}>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">What it does</th>
            <th scope="col" className="mcp-tools__tokens">
              Tokens
            </th>
          </tr>
        </thead>
        <tbody>
          {server.tools.map((tool) => (
            <tr key={tool.name}>
              <td className="mono">{tool.name}</td>
              <td>{tool.summary}</td>
              <td className="mcp-tools__tokens">{tool.tokens.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
