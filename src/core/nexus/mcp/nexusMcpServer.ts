import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult
} from '@modelcontextprotocol/sdk/types.js'
import { checkArguments } from '../../tools/argumentCheck'
import type { NexusService } from '../nexusService'
import { resolveIdentity, type McpClientBinding, type McpIdentity } from './mcpClientIdentity'
import {
  INVALID_PARAMS,
  JsonRpcError,
  type McpToolSpec,
  type MemoryLookup,
  type NexusMcpContext,
  type KnowledgeLookup
} from './mcpToolSpec'
import {
  ETIQUETTE_PROMPT,
  etiquettePrompt,
  readNexusResource,
  RESOURCE_TEMPLATES,
  STATIC_RESOURCES
} from './nexusMcpResources'
import { nexusMcpTools } from './nexusMcpTools'
import type { AgentId } from '../../../shared/contract'

export interface NexusMcpDependencies {
  readonly nexus: NexusService
  readonly memory: MemoryLookup
  readonly knowledge: KnowledgeLookup
  readonly version: string
  /** `mcp.clients` of config.json, read when a client connects. */
  readonly bindings: () => Readonly<Record<string, McpClientBinding>>
  readonly agentIds: () => readonly AgentId[]
  /** The token this client presented: HEARTH_MCP_TOKEN for stdio, the bearer token over HTTP. */
  readonly token: string | undefined
}

const INSTRUCTIONS =
  'Hearth serves the Nexus: the append-only log a person’s agents share. Call nexus_unread before each reply and nexus_post after each meaningful turn (decisions with a rationale). The prompt nexus-etiquette has the details.'

/**
 * Hearth as an MCP server, built on the SDK's protocol layer with its own handlers so that it
 * answers like a careful JSON-RPC peer: an unknown tool or arguments outside the advertised
 * schema are errors (-32602), an unknown resource is -32002, and tool failures that depend on
 * the log's contents are tool results with `isError`. One server instance serves one client
 * connection and signs what that client posts with its identity.
 */
export function createNexusMcpServer(deps: NexusMcpDependencies): Server {
  const server = new Server(
    { name: 'hearth', title: 'Hearth Nexus', version: deps.version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS }
  )
  let identity: McpIdentity | undefined
  const context: NexusMcpContext = {
    nexus: deps.nexus,
    memory: deps.memory,
    knowledge: deps.knowledge,
    identity: () =>
      (identity ??= resolveIdentity({
        clientName: server.getClientVersion()?.name,
        token: deps.token,
        bindings: deps.bindings(),
        agentIds: deps.agentIds()
      }))
  }
  const tools = nexusMcpTools()
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, description, inputSchema, annotations }) => ({
      name,
      description,
      inputSchema,
      ...(annotations ? { annotations } : {})
    }))
  }))
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(tools, request.params.name, request.params.arguments, context)
  )
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...STATIC_RESOURCES] }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [...RESOURCE_TEMPLATES]
  }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    readNexusResource(request.params.uri, context)
  )
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [ETIQUETTE_PROMPT] }))
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== ETIQUETTE_PROMPT.name)
      throw new JsonRpcError(
        INVALID_PARAMS,
        `Unknown prompt: ${request.params.name} (available: ${ETIQUETTE_PROMPT.name})`
      )
    return etiquettePrompt()
  })
  return server
}

async function callTool(
  tools: readonly McpToolSpec[],
  name: string,
  rawArgs: unknown,
  context: NexusMcpContext
): Promise<CallToolResult> {
  const tool = tools.find((candidate) => candidate.name === name)
  if (!tool)
    throw new JsonRpcError(
      INVALID_PARAMS,
      `Unknown tool: ${name} (available: ${tools.map((t) => t.name).join(', ')})`
    )
  const args = rawArgs ?? {}
  const problems = checkArguments(tool.inputSchema, args)
  if (problems.length > 0)
    throw new JsonRpcError(INVALID_PARAMS, `Invalid arguments for ${name}: ${problems.join('; ')}`)
  try {
    const result: unknown = await tool.run(args as Record<string, unknown>, context)
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }] }
  } catch (error) {
    return {
      isError: true,
      content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }]
    }
  }
}
