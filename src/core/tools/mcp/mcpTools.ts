import { checkToolSchema } from '../schemaCheck'
import { mcpToolsetName } from '../toolsets'
import { ToolError } from '../runTool'
import { blockingFindings } from '../../domain/prompt/scanner'
import type { BlockedTool } from '../../../shared/contract/tools'
import { fenceToolResult } from '../toolFence'
import { blockedTool, scanToolDescription } from '../toolScan'
import type { ToolDefinition } from '../toolTypes'
import type { McpConnection } from './mcpConnection'
import type { McpRemoteTool } from './mcpConnectionTypes'
import { convertResourceContents, convertToolResult } from './mcpContent'
import { namespaceToolNames } from './mcpNames'

/** Descriptions past this are cut: a server must not be able to flood the prompt with one tool. */
const MAX_DESCRIPTION = 4_000
/** The bridge tool each resource-serving server gets, after its own tools. */
export const READ_RESOURCE_TOOL = 'read_resource'

export interface McpToolSet {
  readonly server: string
  readonly tools: readonly ToolDefinition[]
  /** Tools dropped because their schema is unusable, one line each. */
  readonly problems: readonly string[]
  /** Tools left out because they can only run as tasks, which Hearth does not run. */
  readonly hidden: readonly string[]
  /** Tools withheld because their name, description or schema matched the injection scanner. */
  readonly blocked: readonly BlockedTool[]
}

/**
 * Turns a server's listed tools into Hearth tool definitions: namespaced names, checked
 * schemas (a broken one is dropped and reported, never sent), self-descriptions scanned like a
 * skill's (a tool the scanner matches is withheld from the model and reported as blocked), a handler that calls the tool
 * through the connection (which restarts a crashed server on demand) and converts its content
 * for the model, and `read_resource` when the server serves resources, so the model can follow
 * the links its tools return.
 */
export function toToolDefinitions(connection: McpConnection, remote: readonly McpRemoteTool[]): McpToolSet {
  const hidden = remote.filter((tool) => tool.execution?.taskSupport === 'required').map((tool) => tool.name)
  const offered = remote.filter((tool) => tool.execution?.taskSupport !== 'required')
  const withResources = connection.supportsResources()
  const names = namespaceToolNames(connection.name, [
    ...offered.map((tool) => tool.name),
    ...(withResources ? [READ_RESOURCE_TOOL] : [])
  ])
  const readResourceName = withResources ? (names.at(-1) as string) : null
  const tools: ToolDefinition[] = []
  const problems: string[] = []
  const blocked: BlockedTool[] = []
  offered.forEach((tool, i) => {
    const findings = scanToolDescription(tool)
    if (blockingFindings(findings).length > 0) {
      blocked.push(blockedTool(tool.name, findings))
      return
    }
    const schema = cleanSchema(tool.inputSchema)
    const schemaProblems = checkToolSchema(schema)
    if (schemaProblems.length > 0) {
      problems.push(`${tool.name}: dropped, schema problem: ${schemaProblems.slice(0, 3).join('; ')}`)
      return
    }
    tools.push({
      name: names[i] as string,
      toolset: mcpToolsetName(connection.name),
      description: describe(tool, connection.name),
      inputSchema: schema,
      handler: async (input, context) =>
        fenceToolResult(
          await convertToolResult(await connection.callTool(tool.name, input, context.signal), {
            readResourceTool: readResourceName
          }),
          { server: connection.name, tool: tool.name }
        )
    })
  })
  if (readResourceName) tools.push(readResourceTool(connection, readResourceName))
  return { server: connection.name, tools, problems, hidden, blocked }
}

function readResourceTool(connection: McpConnection, name: string): ToolDefinition {
  return {
    name,
    toolset: mcpToolsetName(connection.name),
    description: `Read a resource of the MCP server ${connection.name} by its URI, for example a resource link one of its tools returned. Text is returned as text, images as images.`,
    inputSchema: {
      type: 'object',
      properties: {
        uri: { type: 'string', minLength: 1, description: 'The resource URI, exactly as the server gave it' }
      },
      required: ['uri'],
      additionalProperties: false
    },
    handler: async (input, context) => {
      const uri = typeof input.uri === 'string' ? input.uri.trim() : ''
      if (uri === '') throw new ToolError('uri is required: the URI of a resource of this server')
      return fenceToolResult(
        await convertResourceContents(await connection.readResource(uri, context.signal)),
        {
          server: connection.name,
          tool: READ_RESOURCE_TOOL
        }
      )
    }
  }
}

/** `$schema` and friends cost tokens on every request and tell the model nothing. */
function cleanSchema(schema: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

function describe(tool: McpRemoteTool, server: string): string {
  const text = (tool.description ?? '').trim() || `Tool ${tool.name} of the MCP server ${server}.`
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1)}…`
}
