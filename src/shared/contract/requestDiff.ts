import { z } from 'zod'
import { MessageRole } from './chat'
import { PromptTier } from './prompt'
import { MessageId } from './ids'

/**
 * A text diff as runs: consecutive lines (or words) with the same fate are merged into one run,
 * so an unchanged system tier is one `same` run the Inspector can fold away.
 */
export const DiffRun = z.object({ op: z.enum(['same', 'add', 'remove']), text: z.string() })
export type DiffRun = z.infer<typeof DiffRun>

export const PartStatus = z.enum(['same', 'changed', 'added', 'removed'])
export type PartStatus = z.infer<typeof PartStatus>

/** One system tier compared with the same tier of the previous request; `lines` only when it changed. */
export const SystemTierDiff = z.object({
  tier: PromptTier,
  source: z.string(),
  status: PartStatus,
  beforeChars: z.number().int(),
  afterChars: z.number().int(),
  lines: z.array(DiffRun)
})

/** A tool that was added, removed or changed (by name); unchanged tools are only counted. */
export const ToolDiff = z.object({
  name: z.string(),
  status: PartStatus,
  changed: z.array(z.enum(['description', 'inputSchema']))
})

/** One content block of a message; `words` (a word diff) only when the block's text changed. */
export const BlockDiff = z.object({
  index: z.number().int(),
  type: z.string(),
  status: PartStatus,
  words: z.array(DiffRun)
})

/** One message position: kept as is, changed in place, new at the end, or gone from the history. */
export const MessageDiff = z.object({
  index: z.number().int(),
  role: MessageRole,
  status: z.enum(['kept', 'changed', 'new', 'gone']),
  sourceIds: z.array(MessageId),
  blocks: z.array(BlockDiff)
})

/** A per-turn context block, compared by provider, size and hash (its text is shown with each call). */
export const ContextDiff = z.object({
  providerId: z.string(),
  fenceTag: z.string(),
  status: PartStatus,
  beforeChars: z.number().int().nullable(),
  afterChars: z.number().int().nullable()
})

/** How many message positions of a diff each fate took, over the whole request. */
export const MessageDiffCounts = z.object({
  kept: z.number().int().min(0),
  changed: z.number().int().min(0),
  new: z.number().int().min(0),
  gone: z.number().int().min(0)
})
export type MessageDiffCounts = z.infer<typeof MessageDiffCounts>

/** The full block-level diff of a call's request against the previous call's request in the same session. */
export const RequestDiff = z.object({
  previousCallId: z.number().int(),
  model: z.object({ before: z.string(), after: z.string() }).nullable(),
  ttl: z.object({ before: z.string(), after: z.string() }).nullable(),
  system: z.array(SystemTierDiff),
  tools: z.array(ToolDiff),
  toolsUnchanged: z.number().int(),
  /**
   * The newest changed, new or gone positions (kept ones are only counted), from `messagesFrom`
   * on: every position from there not listed was kept. Earlier changes are read a page at a time
   * through `inspector.diffMessages`.
   */
  messages: z.array(MessageDiff),
  /** Where the listed positions start (0 when every change is listed). */
  messagesFrom: z.number().int().min(0),
  /** Positions compared: the longer request's message count. */
  messagePositions: z.number().int().min(0),
  messageCounts: MessageDiffCounts,
  /** Breakpoints described by where they sit ("message 3 (user) · block 0"), split by fate. */
  breakpoints: z.object({
    kept: z.array(z.string()),
    removed: z.array(z.string()),
    added: z.array(z.string())
  }),
  context: z.array(ContextDiff)
})
export type RequestDiff = z.infer<typeof RequestDiff>
