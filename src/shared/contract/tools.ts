import { z } from 'zod'
import { method } from './define'
import { AgentId, SessionId } from './ids'
import { ScanFinding } from './prompt'

/** Where a toolset's tools come from. */
export const ToolsetKind = z.enum(['builtin', 'mcp'])

/**
 * `ready`/`unavailable`/`empty` describe built-in toolsets (empty = no tool registered yet);
 * the rest are the life cycle of an MCP server process.
 */
export const ToolsetStatus = z.enum([
  'ready',
  'unavailable',
  'empty',
  'stopped',
  'starting',
  'running',
  'failed',
  'crashed'
])
export type ToolsetStatus = z.infer<typeof ToolsetStatus>

/** An outside tool kept from the model because its self-description matched the injection scanner. */
export const BlockedTool = z.object({
  name: z.string(),
  findings: z.array(ScanFinding)
})
export type BlockedTool = z.infer<typeof BlockedTool>

export const ToolsetView = z.object({
  /** Toolset name as written in config.json (`memory`, `mcp-github`, …). */
  name: z.string(),
  kind: ToolsetKind,
  description: z.string(),
  /** Whether this agent's next session gets it. */
  enabled: z.boolean(),
  status: ToolsetStatus,
  /** MCP servers only: false puts memory writes and Nexus posts behind a confirmation. */
  trusted: z.boolean().nullable(),
  toolCount: z.number().int().nonnegative(),
  /** Estimated tokens of its tool schemas (ceil(compact JSON chars / 4)). */
  tokens: z.number().int().nonnegative(),
  /** Why it is unavailable or failed, or schema problems of dropped tools. */
  error: z.string().nullable(),
  /** Tools whose name, description or schema the injection scanner matches (MCP servers). */
  warnings: z.array(z.string()),
  /** MCP servers: tools withheld from the model, with what the scanner matched in each. */
  blockedTools: z.array(BlockedTool).default([])
})
export type ToolsetView = z.infer<typeof ToolsetView>

/** What the agent's next session will send, as planned now. */
export const ToolSessionPreview = z.object({
  /** True when deferrable schemas are behind tool_search / tool_describe / tool_call. */
  deferred: z.boolean(),
  reason: z.string(),
  deferrableTokens: z.number().int().nonnegative(),
  thresholdTokens: z.number().int().nonnegative().nullable(),
  /** Estimated tokens of the first request's tools array. */
  firstRequestTokens: z.number().int().nonnegative(),
  visibleTools: z.array(z.string()),
  deferredTools: z.array(z.string()),
  /** Untrusted MCP servers in the session (their presence gates memory and Nexus writes). */
  untrustedServers: z.array(z.string())
})
export type ToolSessionPreview = z.infer<typeof ToolSessionPreview>

export const ToolsListView = z.object({
  agentId: AgentId,
  /** The agent's toolsets as stored in config.json, or the default bundle. */
  configured: z.array(z.string()),
  usesDefault: z.boolean(),
  toolsets: z.array(ToolsetView),
  session: ToolSessionPreview,
  /** Config problems (unknown toolset names, bad `tools` settings), each naming the field. */
  problems: z.array(z.string())
})
export type ToolsListView = z.infer<typeof ToolsListView>

export const SetToolsetEnabledResult = z.object({
  agentId: AgentId,
  /** The agent's toolsets now stored in config.json. */
  configured: z.array(z.string()),
  takesEffect: z.literal('next_session'),
  cacheCost: z.object({
    /** Tool schema tokens the next session's first request writes to the prompt cache once. */
    tokens: z.number().int().nonnegative(),
    message: z.string()
  })
})
export type SetToolsetEnabledResult = z.infer<typeof SetToolsetEnabledResult>

/** Something wrong with one MCP server (`*` for the file as a whole), in one sentence. */
export const ToolServerProblem = z.object({ server: z.string(), message: z.string() })
export type ToolServerProblem = z.infer<typeof ToolServerProblem>

export const toolsMethods = {
  /** Starts configured MCP servers that are not running yet (to count their tools). */
  'tools.list': method(z.object({ agentId: AgentId }), ToolsListView),
  'tools.setEnabled': method(
    z.object({ agentId: AgentId, toolset: z.string().min(1).max(200), enabled: z.boolean() }),
    SetToolsetEnabledResult
  ),
  /** The MCP problems the session's agent met when its tools were last planned (`hearth chat --json`). */
  'tools.problems': method(
    z.object({ sessionId: SessionId }),
    z.object({ problems: z.array(ToolServerProblem) })
  ),
  /** The user's answer to `tools.confirmationRequested`. */
  'tools.confirm': method(
    z.object({ requestId: z.string().min(1).max(100), approved: z.boolean() }),
    z.object({ resolved: z.boolean() })
  )
} as const

export const ConfirmationRequested = z.object({
  requestId: z.string(),
  /** `tool`: a gated tool call; `projectServers`: a project folder's `.mcp.json` asks to run its servers. */
  kind: z.enum(['tool', 'projectServers']).optional(),
  agentId: AgentId,
  /** Null when no session exists yet (a project folder's servers are asked about before it starts). */
  sessionId: SessionId.nullable(),
  toolName: z.string(),
  /** Pretty JSON of the arguments, cut at 4,000 characters. */
  input: z.string(),
  reason: z.string(),
  untrustedServers: z.array(z.string()),
  expiresAt: z.number()
})
export type ConfirmationRequested = z.infer<typeof ConfirmationRequested>

export const ConfirmationResolved = z.object({ requestId: z.string(), approved: z.boolean() })

export const McpServerStatusChanged = z.object({
  server: z.string(),
  status: ToolsetStatus,
  toolCount: z.number().int().nonnegative(),
  error: z.string().nullable()
})
export type McpServerStatusChanged = z.infer<typeof McpServerStatusChanged>

/** The events of this feature, merged into `events` (events.ts). */
export const toolsEvents = {
  'tools.confirmationRequested': ConfirmationRequested,
  'tools.confirmationResolved': ConfirmationResolved,
  'tools.serverStatusChanged': McpServerStatusChanged
} as const
