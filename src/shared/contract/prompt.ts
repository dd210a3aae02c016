import { z } from 'zod'
import { method } from './define'
import { AgentId } from './ids'

export const PromptTier = z.enum(['stable', 'context', 'volatile'])
export type PromptTier = z.infer<typeof PromptTier>

/** One scanner hit, with the line that matched so the user can find and fix it. */
export const PromptFinding = z.object({
  id: z.string(),
  line: z.number().int(),
  lineText: z.string(),
  /** The file the line is in. */
  source: z.string().nullable(),
  /** 0-based entry index for MEMORY.md / USER.md findings. */
  entry: z.number().int().optional()
})
export type PromptFinding = z.infer<typeof PromptFinding>

export const PromptTruncation = z.object({
  label: z.string(),
  head: z.number().int(),
  tail: z.number().int(),
  total: z.number().int(),
  cap: z.number().int()
})

/** A layer of the assembled prompt; [start, end) are character offsets into `text`. */
export const PromptLayer = z.object({
  id: z.string(),
  tier: PromptTier,
  source: z.string().nullable(),
  chars: z.number().int(),
  tokens: z.number().int(),
  truncated: z.boolean(),
  blocked: z.array(z.string()),
  warnings: z.array(z.string()),
  /** Of the warnings, those saying what was kept from the model or cut, and why. */
  withheld: z.array(z.string()),
  start: z.number().int(),
  end: z.number().int(),
  findings: z.array(PromptFinding),
  truncation: PromptTruncation.nullable()
})
export type PromptLayer = z.infer<typeof PromptLayer>

const Offsets = z.tuple([z.number().int(), z.number().int()])

export const AssembledPromptView = z.object({
  /** Exactly the bytes a new session would send as its system prompt. */
  text: z.string(),
  tiers: z.object({ stable: z.string(), context: z.string(), volatile: z.string() }),
  tierOffsets: z.object({
    stable: Offsets.optional(),
    context: Offsets.optional(),
    volatile: Offsets.optional()
  }),
  layers: z.array(PromptLayer),
  warnings: z.array(z.string()),
  tokens: z.number().int(),
  agentId: AgentId,
  cwd: z.string().nullable(),
  model: z.string(),
  provider: z.string(),
  platform: z.string(),
  toolNames: z.array(z.string())
})
export type AssembledPromptView = z.infer<typeof AssembledPromptView>

/** How much of the injection pattern table a scan applies; scopes nest: `all` ⊂ `context` ⊂ `strict`. */
export const ScanScope = z.enum(['all', 'context', 'strict'])
export type ScanScope = z.infer<typeof ScanScope>

/** One scanner hit in a scanned text. */
export const ScanFinding = z.object({
  id: z.string(),
  /** 1-based line number in the scanned text. */
  line: z.number().int(),
  /** That line of the text (cut to 240 characters). */
  lineText: z.string(),
  /** `warn`: a protective sentence that names an injection to refuse it; it never blocks. */
  severity: z.enum(['block', 'warn'])
})
export type ScanFinding = z.infer<typeof ScanFinding>

export const promptMethods = {
  /** Assembles the system prompt a new session would get, without calling the model. */
  'prompt.assemble': method(
    z.object({
      agentId: AgentId,
      cwd: z.string().min(1).max(4096).optional(),
      model: z.string().min(1).max(200).optional(),
      platform: z.string().min(1).max(64).optional()
    }),
    AssembledPromptView
  ),
  /** Runs the injection scanner over a text (`hearth scan`); files are read by the caller. */
  'prompt.scan': method(
    z.object({ text: z.string().max(64 * 1024 * 1024), scope: ScanScope.default('context') }),
    z.object({ findings: z.array(ScanFinding) })
  )
} as const
