import { z } from 'zod'
import { method } from './define'
import { ToolsetStatus } from './tools'

/** A server name as config.json keys it (and as tool names are prefixed: `mcp__<name>__…`). */
export const McpServerName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    'A server name is 1–64 letters, digits, "_", "-" or ".", starting with a letter or digit'
  )

/** What the Add / Edit form saves: one server entry, written to config.json's mcpServers. */
export const McpServerDraft = z.object({
  name: McpServerName,
  transport: z.enum(['stdio', 'http', 'sse']),
  command: z.string().max(4_000).default(''),
  args: z.array(z.string().max(4_000)).max(200).default([]),
  env: z.record(z.string().max(200), z.string().max(20_000)).default({}),
  cwd: z.string().max(4_000).nullable().default(null),
  url: z.string().max(2_000).default(''),
  trusted: z.boolean().default(false)
})
export type McpServerDraft = z.infer<typeof McpServerDraft>

/** One tool a server offers the model, with what its definition costs in every request that carries it. */
export const McpToolCost = z.object({
  /** As the model sees it: `mcp__<server>__<tool>`. */
  name: z.string(),
  /** The first line of its description. */
  summary: z.string(),
  /** Estimated tokens of its name, description and input schema. */
  tokens: z.number().int().nonnegative()
})
export type McpToolCost = z.infer<typeof McpToolCost>

export const McpServerView = z.object({
  name: z.string(),
  /** As configured; `auto` is a URL without a type (Streamable HTTP, falling back to SSE). */
  transport: z.enum(['stdio', 'http', 'sse', 'auto']),
  /** The wire it connected over, once it did. */
  connectedOver: z.enum(['stdio', 'http', 'sse']).nullable(),
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  cwd: z.string().nullable(),
  url: z.string(),
  /** Header names whose values are in the secret store (never shown). */
  secretHeaders: z.array(z.string()),
  /** Header names written in config.json itself (readable by any program; a warning). */
  plainHeaders: z.array(z.string()),
  trusted: z.boolean(),
  status: ToolsetStatus,
  error: z.string().nullable(),
  /** The last lines the server wrote to stderr. */
  stderr: z.array(z.string()),
  /** When a failed server is tried again (epoch ms), or null. */
  retryAt: z.number().nullable(),
  toolCount: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  /** The tools it offers (empty until it was listed), each with its token cost. */
  tools: z.array(McpToolCost),
  /** Tools left out because they can only run as tasks. */
  hiddenTools: z.array(z.string()),
  /** Ignored keys and other problems of this entry in config.json. */
  configWarnings: z.array(z.string()),
  /** Tools whose description or schema the injection scanner matches. */
  toolWarnings: z.array(z.string()),
  /** The server announced new tools; sessions started before that keep the old list. */
  toolsChangedAt: z.number().nullable()
})
export type McpServerView = z.infer<typeof McpServerView>

export const McpServersView = z.object({
  servers: z.array(McpServerView),
  /** Entries that could not be used at all (they are not in `servers`), and file-level problems. */
  problems: z.array(z.string()),
  configPath: z.string()
})
export type McpServersView = z.infer<typeof McpServersView>

/** What pressing Test did: pass or fail, what was tried, how long it took, and why it failed in words. */
export const McpServerTest = z.object({
  server: z.string(),
  ok: z.boolean(),
  /** What was tried, e.g. "Started `npx server` and listed its tools". */
  tried: z.string(),
  durationMs: z.number().int().nonnegative(),
  /** Why it failed, in words; null when it passed. */
  error: z.string().nullable(),
  toolCount: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  /** Epoch ms when the test ended. */
  testedAt: z.number().int()
})
export type McpServerTest = z.infer<typeof McpServerTest>

/** One entry found in pasted text, ready to fill the form; header values go to the secret store on save. */
export const ParsedMcpServer = z.object({
  draft: McpServerDraft,
  headers: z.record(z.string(), z.string()),
  warnings: z.array(z.string())
})
export type ParsedMcpServer = z.infer<typeof ParsedMcpServer>

/** A project folder's `.mcp.json`: what it would run and the user's decision on this exact file. */
export const ProjectServersView = z.object({
  folder: z.string(),
  /** null when the folder has no `.mcp.json`. */
  file: z.string().nullable(),
  servers: z.array(z.object({ name: z.string(), target: z.string() })),
  decision: z.enum(['allow', 'deny']).nullable(),
  problems: z.array(z.object({ server: z.string(), message: z.string() }))
})
export type ProjectServersView = z.infer<typeof ProjectServersView>

const ProjectFolderInput = z.string().min(1).max(4096)

export const mcpServersMethods = {
  /** Every configured server with its state (starts the ones not running, to count their tools). */
  'tools.listServers': method(z.object({}), McpServersView),
  /**
   * Adds or edits one server. `previousName` renames it (agents' toolsets follow). `headers`:
   * values for the secret store; omitted keeps the stored ones, `{}` clears them.
   */
  'tools.saveServer': method(
    z.object({
      server: McpServerDraft,
      previousName: McpServerName.optional(),
      headers: z.record(z.string().min(1).max(200), z.string().max(20_000)).optional()
    }),
    McpServersView
  ),
  'tools.removeServer': method(z.object({ name: McpServerName }), McpServersView),
  /**
   * Tries a server now, ignoring its backoff: starts it (or pings the running one) and lists its
   * tools afresh. `test` says what happened; a failure is a result, not an error.
   */
  'tools.testServer': method(
    z.object({ name: McpServerName }),
    McpServersView.extend({ test: McpServerTest })
  ),
  /** Reads entries pasted from Claude Code, Claude Desktop, Cursor or VS Code into drafts. */
  'tools.parseServers': method(
    z.object({ text: z.string().max(200_000) }),
    z.object({ servers: z.array(ParsedMcpServer), problems: z.array(z.string()) })
  ),
  /** A project folder's `.mcp.json` and the decision on it (an absolute folder path). */
  'tools.projectServers': method(z.object({ folder: ProjectFolderInput }), ProjectServersView),
  /** Allows or denies this exact file's servers for the folder, or forgets the decision (asked again next session). */
  'tools.decideProjectServers': method(
    z.object({ folder: ProjectFolderInput, decision: z.enum(['allow', 'deny', 'forget']) }),
    ProjectServersView
  )
} as const
