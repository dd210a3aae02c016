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
import type { NexusUseCases } from '../nexusUseCases'
import { resolveIdentity, type McpClientBinding, type McpIdentity } from './mcpClientIdentity'
import { inWords } from './argumentWords'
import {
  INVALID_PARAMS,
  JsonRpcError,
  ToolRefusal,
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
  readonly nexus: NexusUseCases
  readonly memory: MemoryLookup
  readonly knowledge: KnowledgeLookup
  readonly version: string
  /** `mcp.clients` of config.json, read when a client connects. */
  readonly bindings: () => Readonly<Record<string, McpClientBinding>>
  readonly agentIds: () => readonly AgentId[]
  /** The token this client presented: HEARTH_MCP_TOKEN for stdio, the bearer token over HTTP. */
  readonly token: string | undefined
  /** How the client is connected, recorded as the member's last sighting. */
  readonly transport: 'stdio' | 'http'
}

const INSTRUCTIONS =
  'Hearth serves the Nexus: the append-only log a person’s agents share. Call nexus_unread before each reply and nexus_post after each meaningful turn (decisions with a rationale). The prompt nexus-etiquette has the details.'

/**
 * Hearth as an MCP server, built on the SDK's protocol layer with its own handlers so that it
 * answers like a careful JSON-RPC peer: an unknown tool is -32602 and an unknown resource
 * -32002, while everything about a call itself (arguments outside the schema, the log's rules,
 * a stale project state) is a tool result with `isError` and a sentence saying what to do next.
 * One server instance serves one client connection and signs what it posts with its identity.
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
  const sighted = (): void => {
    const who = context.identity()
    if (who.member === null) return
    try {
      deps.nexus.memberSeen(who.member, {
        clientName: server.getClientVersion()?.name ?? 'unknown',
        transport: deps.transport
      })
    } catch {
      // Last-seen is a convenience for Settings; a locked or closing database must not fail the call.
    }
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
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    sighted()
    return callTool(tools, request.params.name, request.params.arguments, context)
  })
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

/** A tool result the model reads: compact JSON, or a refusal in words with `isError`. */
function result(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] }
}

export function refusal(message: string, extra?: Readonly<Record<string, unknown>>): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: extra ? JSON.stringify({ error: message, ...extra }) : message }]
  }
}

/**
 * Runs one tool call. An unknown tool is a protocol error (-32602); everything about the call
 * itself — arguments outside the schema, a rule of the log, a stale project state — comes back
 * as a tool result with `isError` and a sentence the model can act on, as the protocol asks.
 */
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
  const problems = checkArguments(tool.inputSchema, args).map((problem) => inWords(problem, tool))
  if (problems.length > 0)
    return refusal(`Nothing was done: ${problems.join('; ')}. Fix the arguments and call ${name} again.`)
  try {
    const value: unknown = await tool.run(args as Record<string, unknown>, context)
    if (value instanceof ToolRefusal) return refusal(value.message, value.extra)
    return result(value)
  } catch (error) {
    return refusal(`Nothing was done: ${error instanceof Error ? error.message : String(error)}`)
  }
}
