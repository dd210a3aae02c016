import { z } from 'zod'
import { method } from './define'
import { AgentId, SessionId } from './ids'
import { ImportSource } from './importSource'
import { McpServerDraft } from './mcpServers'

/** What an import brings in, counted per kind in a preview and a report. */
export const ImportKind = z.enum([
  'persona',
  'candidate',
  'skill',
  'session',
  'message',
  'mcp_server',
  'file'
])
export type ImportKind = z.infer<typeof ImportKind>

export const ImportCount = z.object({
  /** Found in the source. */
  found: z.number().int().nonnegative(),
  /** Not in this home yet: what the import adds. */
  new: z.number().int().nonnegative(),
  /** Already brought in by an earlier import (same content hash): left as it is. */
  existing: z.number().int().nonnegative(),
  /** Left out, each with its reason in `skipped`. */
  skipped: z.number().int().nonnegative(),
  /** New items the injection scanner matched: imported but marked (shown as blocked in Review). */
  blocked: z.number().int().nonnegative()
})
export type ImportCount = z.infer<typeof ImportCount>

/** Something left out, where it is and why. */
export const ImportSkip = z.object({ kind: ImportKind, ref: z.string(), reason: z.string() })
export type ImportSkip = z.infer<typeof ImportSkip>

/** A file that could not be read: the import stops and nothing is written. */
export const ImportProblem = z.object({
  file: z.string(),
  line: z.number().int().positive().nullable(),
  message: z.string()
})
export type ImportProblem = z.infer<typeof ImportProblem>

export const ImportProposalView = z.object({
  id: z.number().int(),
  importId: z.string(),
  name: z.string(),
  /** What it would run: the command line, or the URL. */
  target: z.string(),
  status: z.enum(['pending', 'accepted', 'dismissed']),
  /** Environment variable names it sets (values are not shown). */
  envNames: z.array(z.string())
})
export type ImportProposalView = z.infer<typeof ImportProposalView>

/** What the persona file does: written to a new agent, waiting for the user's yes, or left alone. */
export const PersonaAction = z.enum(['none', 'write', 'replace', 'ask', 'keep', 'same', 'blocked'])
export type PersonaAction = z.infer<typeof PersonaAction>

export const ImportReport = z.object({
  /** null for a preview (`--dry-run`): nothing was written. */
  importId: z.string().nullable(),
  source: ImportSource,
  path: z.string(),
  dryRun: z.boolean(),
  agent: z.object({ id: AgentId, name: z.string(), created: z.boolean() }),
  counts: z.record(ImportKind, ImportCount),
  /** Up to 200 of the items left out (the counts have them all). */
  skipped: z.array(ImportSkip),
  persona: z.object({ action: PersonaAction, file: z.string().nullable(), message: z.string() }),
  proposals: z.array(ImportProposalView),
  /** True when the source held nothing this home does not have yet. */
  nothingNew: z.boolean(),
  /** One sentence for a person: what happened, or what would. */
  summary: z.string(),
  durationMs: z.number().int().nonnegative(),
  /** Items read per second (every kind counted, messages included). */
  itemsPerSecond: z.number().nonnegative()
})
export type ImportReport = z.infer<typeof ImportReport>

export const ImportRunView = z.object({
  id: z.string(),
  source: ImportSource,
  path: z.string(),
  agentId: AgentId,
  finishedAtMs: z.number(),
  report: ImportReport
})
export type ImportRunView = z.infer<typeof ImportRunView>

const ImportPath = z.string().trim().min(1).max(4096)

export const ImportRequest = z.object({
  source: ImportSource,
  /** A folder (Hermes, OpenClaw home) or a file (an export's zip or conversations.json, an agent bundle); the source's default home when omitted. */
  path: ImportPath.optional(),
  /** The agent that receives the persona and the candidates; a new one when omitted. */
  agentId: AgentId.optional(),
  /** The user said yes to replacing the agent's own SOUL.md with the imported one. */
  replaceSoul: z.boolean().default(false)
})
export type ImportRequest = z.input<typeof ImportRequest>

export const ImportProgress = z.object({
  source: ImportSource,
  phase: z.enum(['reading', 'writing', 'done']),
  /** Items read so far (messages included). */
  items: z.number().int().nonnegative(),
  /** Bytes of the main file read so far, and its size, when known. */
  bytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative().nullable(),
  /**
   * How far the read is against a total measured before it starts: bytes of an export's
   * conversations.json, or the parts of a home folder (its files and chats), one at a time.
   */
  unit: z.enum(['bytes', 'parts']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative()
})
export type ImportProgress = z.infer<typeof ImportProgress>

export const BundleCounts = z.record(z.string(), z.number().int().nonnegative())

export const importMethods = {
  /** Reads the source and says what an import would bring in; writes nothing. */
  'imports.preview': method(ImportRequest, ImportReport),
  /** Imports in one transaction: sessions, candidates for Review, skills, persona, proposals. */
  'imports.run': method(ImportRequest, ImportReport),
  'imports.list': method(z.object({}), z.object({ runs: z.array(ImportRunView) })),
  /** Runs retention over chosen imported conversations: their candidates wait in Review. */
  'imports.retain': method(
    z.object({ sessionIds: z.array(SessionId).min(1).max(200) }),
    z.object({ candidates: z.number().int(), sessions: z.number().int() })
  ),
  'imports.proposals': method(z.object({}), z.object({ proposals: z.array(ImportProposalView) })),
  /** Accepts a proposed MCP server (it is added to the tools, not run until used) or dismisses it. */
  'imports.decideProposal': method(
    z.object({ id: z.number().int(), decision: z.enum(['accept', 'dismiss']) }),
    z.object({ proposal: ImportProposalView, server: McpServerDraft.nullable() })
  )
} as const

export const importEvents = {
  'imports.progress': ImportProgress
} as const
