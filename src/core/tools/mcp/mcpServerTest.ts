import type { McpServerTest, McpToolCost } from '../../../shared/contract/mcpServers'
import { estimateToolTokens } from '../deferral'
import type { ToolDefinition } from '../toolTypes'
import type { McpConnection } from './mcpConnection'
import { describeTransport, messageOf } from './mcpDiagnosis'
import type { McpListing } from './mcpManager'

const WIRE: Readonly<Record<string, string>> = { stdio: 'stdio', http: 'Streamable HTTP', sse: 'SSE' }
const SUMMARY_MAX = 200

/** Each tool the model would get from a server, with its own token estimate. */
export function toolCosts(tools: readonly ToolDefinition[]): McpToolCost[] {
  return tools.map((tool) => {
    const firstLine = tool.description.split('\n')[0]?.trim() ?? ''
    return {
      name: tool.name,
      summary: firstLine.length > SUMMARY_MAX ? `${firstLine.slice(0, SUMMARY_MAX - 1)}…` : firstLine,
      tokens: estimateToolTokens([tool])
    }
  })
}

/**
 * Presses Test on one server and says what happened in words: what was tried (started, pinged,
 * connected over which wire), how long it took, and why it failed. A failure is the result, never
 * an exception, so the screen can show it beside the server.
 */
export async function testServer(
  connection: McpConnection,
  list: () => Promise<McpListing>,
  clock: { readonly now: () => number; readonly elapsed: () => number } = defaultClock
): Promise<McpServerTest> {
  const start = clock.elapsed()
  const target = describeTransport(connection.config)
  const wasRunning = connection.state().status === 'running'
  let error: string | null = null
  try {
    await connection.test()
  } catch (thrown) {
    error = withoutTarget(messageOf(thrown), target)
  }
  const listing = error === null ? await list() : null
  if (listing && !listing.ok) error = listing.error
  const tools = listing?.ok ? listing.tools : []
  return {
    server: connection.name,
    ok: error === null,
    tried: triedText(connection, target, wasRunning, error === null),
    durationMs: Math.max(0, Math.round(clock.elapsed() - start)),
    error,
    toolCount: tools.length,
    tokens: estimateToolTokens(tools),
    testedAt: clock.now()
  }
}

function triedText(connection: McpConnection, target: string, wasRunning: boolean, ok: boolean): string {
  const local = connection.config.transport === 'stdio'
  if (wasRunning) return `Pinged the running server (${target}) and asked for its tools again`
  if (!ok) return local ? `Tried to start ${target}` : `Tried to connect to ${target}`
  if (local) return `Started ${target} and listed its tools`
  const wire = connection.state().transport
  return `Connected to ${target}${wire ? ` over ${WIRE[wire] ?? wire}` : ''} and listed its tools`
}

/** "could not start `x`: the command was not found" → "The command was not found": `tried` already names the target. */
function withoutTarget(message: string, target: string): string {
  const prefix = `could not start ${target}: `
  if (!message.startsWith(prefix)) return message
  const rest = message.slice(prefix.length)
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`
}

const defaultClock = { now: () => Date.now(), elapsed: () => performance.now() }
