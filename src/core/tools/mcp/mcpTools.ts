import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { checkToolSchema } from '../schemaCheck'
import { mcpToolsetName } from '../toolsets'
import { ToolError } from '../runTool'
import type { ToolDefinition } from '../toolTypes'
import type { McpConnection, McpRemoteTool } from './mcpConnection'
import { namespaceToolNames } from './mcpNames'

/** Descriptions past this are cut: a server must not be able to flood the prompt with one tool. */
const MAX_DESCRIPTION = 4_000

export interface McpToolSet {
  readonly server: string
  readonly tools: readonly ToolDefinition[]
  /** Tools dropped because their schema is unusable, one line each. */
  readonly problems: readonly string[]
}

/**
 * Turns a server's listed tools into Hearth tool definitions: namespaced names, checked
 * schemas (a broken one is dropped and reported, never sent), and a handler that calls the
 * tool through the connection, which restarts a crashed server on demand.
 */
export function toToolDefinitions(connection: McpConnection, remote: readonly McpRemoteTool[]): McpToolSet {
  const names = namespaceToolNames(connection.name, remote.map((tool) => tool.name))
  const tools: ToolDefinition[] = []
  const problems: string[] = []
  remote.forEach((tool, i) => {
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
      handler: async (input, context) => formatResult(await connection.callTool(tool.name, input, context.signal))
    })
  })
  return { server: connection.name, tools, problems }
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

/**
 * The text the model reads: text blocks joined, structured content as JSON when there is no
 * text, other blocks described. A result flagged `isError` becomes an error result.
 */
export function formatResult(result: CallToolResult): string {
  const parts: string[] = []
  for (const block of result.content ?? []) {
    if (block.type === 'text') parts.push(block.text)
    else if (block.type === 'resource' && 'text' in block.resource) parts.push(block.resource.text)
    else if (block.type === 'image' || block.type === 'audio') parts.push(`[${block.type} omitted: ${block.mimeType}]`)
    else parts.push(`[${block.type} content omitted]`)
  }
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent))
  const text = parts.join('\n')
  if (result.isError) throw new ToolError(text || 'The MCP tool reported an error without a message.', { error_type: 'mcp_tool_error' })
  return text
}
