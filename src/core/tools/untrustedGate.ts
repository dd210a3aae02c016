import { ToolError } from './runTool'
import type { ConfirmationPort, ConfirmationRequest, ToolDefinition } from './toolTypes'

/** Says yes to everything: `hearth chat --yes`, and tests. */
export const approveAllConfirmations: ConfirmationPort = { ask: async () => true }
/** Says no to everything: the CLI default, where nobody is there to ask. */
export const denyAllConfirmations: ConfirmationPort = { ask: async () => false }

/**
 * Wraps the gated tools (memory writes, Nexus posts) of a session that contains tools from an
 * untrusted MCP server: each call first asks the user. Text returned by such a server lands in
 * the model's context and may try to plant instructions; persisting anything, or telling the
 * other agents through the Nexus, is where that would do lasting harm, so a person decides.
 * Returns the list unchanged when no untrusted server is present.
 */
export function applyUntrustedGate(
  tools: readonly ToolDefinition[],
  gatedNames: ReadonlySet<string>,
  untrustedServers: readonly string[],
  confirmation: () => ConfirmationPort
): ToolDefinition[] {
  if (untrustedServers.length === 0) return [...tools]
  return tools.map((tool) =>
    gatedNames.has(tool.name) ? gateTool(tool, untrustedServers, confirmation) : tool
  )
}

function gateTool(
  tool: ToolDefinition,
  untrustedServers: readonly string[],
  confirmation: () => ConfirmationPort
): ToolDefinition {
  return {
    ...tool,
    handler: async (input, context) => {
      const request: ConfirmationRequest = {
        agentId: context.agentId,
        sessionId: context.sessionId,
        toolName: tool.name,
        input,
        reason: `Tools from untrusted MCP server${untrustedServers.length > 1 ? 's' : ''} (${untrustedServers.join(', ')}) are in this session, so ${describeEffect(tool.name)} needs your confirmation.`,
        untrustedServers
      }
      if (!(await ask(confirmation(), request, context.signal))) {
        throw new ToolError(
          `The user did not allow ${tool.name} in this session: tools from untrusted MCP servers (${untrustedServers.join(', ')}) are loaded, so memory writes and Nexus posts need the user's confirmation. Tell the user what you wanted to save instead.`,
          { error_type: 'confirmation_declined' }
        )
      }
      return tool.handler(input, context)
    }
  }
}

/** A port that throws or is aborted counts as "no": the safe answer when nobody can say yes. */
async function ask(
  port: ConfirmationPort,
  request: ConfirmationRequest,
  signal: AbortSignal | undefined
): Promise<boolean> {
  if (signal?.aborted) return false
  try {
    const answer = port.ask(request)
    if (!signal) return (await answer) === true
    const aborted = new Promise<boolean>((resolve) =>
      signal.addEventListener('abort', () => resolve(false), { once: true })
    )
    return (await Promise.race([answer, aborted])) === true
  } catch {
    return false
  }
}

function describeEffect(toolName: string): string {
  if (toolName === 'memory') return 'writing to memory'
  if (toolName.startsWith('nexus')) return 'posting to the Nexus'
  return `running ${toolName}`
}
