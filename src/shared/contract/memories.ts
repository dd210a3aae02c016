import { z } from 'zod'
import { method } from './define'
import { AgentId, MessageId, SessionId } from './ids'
import { FactPin, MemoryFileView, MemoryReceipt, MemoryTarget } from './memory'
import { Fact, FactId } from './review'
import { FactPageLimit, MemoriesCursor } from './factPages'

/**
 * A memory file's name under agents/<id>/memories/, without `.md`: one plain file name, never a
 * path (no slashes, no leading dot, no control characters), so no request can reach outside.
 */
export const MemoryFileSlug = z
  .string()
  .min(1, 'A memory file needs a name')
  .max(200)
  .regex(
    /^[^/\\.\p{Cc}][^/\\\p{Cc}]*$/u,
    'A memory file name is one plain name under memories/: no folders, no leading dot'
  )
  .refine((slug) => !slug.endsWith('.md'), 'Give the name without ".md"')

/** One file under agents/<id>/memories/ (or memories/.forgotten/ once forgotten), as a list shows it. */
export const MemoryFileItem = z.object({
  agentId: AgentId,
  slug: z.string(),
  path: z.string(),
  /** Frontmatter fields; '' when the file does not have them. */
  name: z.string(),
  description: z.string(),
  type: z.string(),
  source: z.string(),
  /** The start of the body, for the list. */
  excerpt: z.string(),
  sizeBytes: z.number().int(),
  modifiedAtMs: z.number().int(),
  forgotten: z.boolean(),
  /** Why the file cannot be read (binary, not UTF-8, too big); it is listed anyway, never silently skipped. */
  problem: z.string().nullable()
})
export type MemoryFileItem = z.infer<typeof MemoryFileItem>

/** A memory file opened for reading or editing: its whole text and the hash a save must name. */
export const MemoryFileDocument = MemoryFileItem.extend({ text: z.string(), hash: z.string() })
export type MemoryFileDocument = z.infer<typeof MemoryFileDocument>

/** An entry of MEMORY.md or USER.md that a write took out and that is not back: restorable by adding it again. */
export const RemovedEntry = z.object({
  target: MemoryTarget,
  text: z.string(),
  receiptId: z.number().int(),
  atMs: z.number().int()
})
export type RemovedEntry = z.infer<typeof RemovedEntry>

/** The facts Memories lists: the approved ones, or the forgotten ones (restorable). */
export const MemoriesFactStatus = z.enum(['approved', 'forgotten'])
export type MemoriesFactStatus = z.infer<typeof MemoriesFactStatus>

/**
 * Everything an agent remembers, for the Memories view: approved facts, memory files, and the
 * entries of MEMORY.md and USER.md, each filtered by `query` (every word must appear, any case),
 * and what was forgotten, so it can be restored. Facts come a page at a time, most recently
 * changed first: `next` (and `forgotten.factsNext`) say where `memories.facts` goes on.
 */
export const MemoriesView = z.object({
  agentId: AgentId,
  query: z.string(),
  /** The first page of approved facts. */
  facts: z.array(Fact),
  next: MemoriesCursor.nullable(),
  /** How many approved facts the agent has in all; null under a search (the matches are counted as they load). */
  factsTotal: z.number().int().nullable(),
  /** Where the listed facts are pinned now (a fact may be in more than one place). */
  pins: z.array(FactPin),
  files: z.array(MemoryFileItem),
  /** Entries matching the query; `usage` is always the whole file's. */
  memory: MemoryFileView,
  user: MemoryFileView,
  forgotten: z.object({
    /** The first page of forgotten facts; `factsNext` says where the following page starts. */
    facts: z.array(Fact),
    factsNext: MemoriesCursor.nullable(),
    files: z.array(MemoryFileItem),
    entries: z.array(RemovedEntry)
  })
})
export type MemoriesView = z.infer<typeof MemoriesView>

const FactText = z.string().trim().min(1, 'A fact needs some text').max(4000)
const FileRef = z.object({ agentId: AgentId, slug: MemoryFileSlug })

/** One memory write of an agent (MEMORY.md or USER.md) with its receipt, and the chat it was made in. */
export const MemoryWrite = z.object({
  receipt: MemoryReceipt,
  /** The chat of the turn that made it, to open it there; null for writes made from Memories, Files or the CLI. */
  chat: z
    .object({
      sessionId: SessionId,
      /** null when the chat has no title yet or is gone. */
      title: z.string().nullable(),
      /** The message the turn starts with; null when it is gone. */
      messageId: MessageId.nullable()
    })
    .nullable()
})
export type MemoryWrite = z.infer<typeof MemoryWrite>

export const memoriesMethods = {
  /** The view with the first page of facts: at most `limit` of each kind (500 when not given). */
  'memories.list': method(
    z.object({ agentId: AgentId, query: z.string().max(500).optional(), limit: FactPageLimit.optional() }),
    MemoriesView
  ),
  /**
   * One page of the agent's approved (or forgotten) facts matching `query`, most recently changed
   * first, from `after`; `next` is null on the last page. `pins` are where the page's facts are pinned.
   */
  'memories.facts': method(
    z.object({
      agentId: AgentId,
      status: MemoriesFactStatus.optional(),
      query: z.string().max(500).optional(),
      limit: FactPageLimit.optional(),
      after: MemoriesCursor.optional()
    }),
    z.object({ items: z.array(Fact), pins: z.array(FactPin), next: MemoriesCursor.nullable() })
  ),
  /** The agent's memory writes, newest first, each with its receipt (Undo takes its id) and its chat. */
  'memories.writes': method(
    z.object({ agentId: AgentId, limit: z.number().int().min(1).max(1000).optional() }),
    z.object({ writes: z.array(MemoryWrite) })
  ),
  /** Changes the text of an approved fact (recorded as an edit; recall uses the new text). */
  'memories.editFact': method(z.object({ id: FactId, text: FactText }), z.object({ fact: Fact })),
  /** Takes an approved fact back: it is never recalled again, and stays in history to be restored. */
  'memories.forgetFact': method(z.object({ id: FactId }), z.object({ fact: Fact })),
  /** Brings a forgotten fact back as approved. */
  'memories.restoreFact': method(z.object({ id: FactId }), z.object({ fact: Fact })),
  'memories.readFile': method(FileRef.extend({ forgotten: z.boolean().optional() }), MemoryFileDocument),
  /** Saves a memory file's whole text; refused (conflict) when the file changed on disk since `baseHash`. */
  'memories.writeFile': method(
    FileRef.extend({ text: z.string().max(1_000_000), baseHash: z.string().max(100) }),
    MemoryFileDocument
  ),
  /** Moves a memory file to memories/.forgotten/: out of recall, kept, restorable. */
  'memories.forgetFile': method(FileRef, z.object({ file: MemoryFileItem })),
  'memories.restoreFile': method(FileRef, z.object({ file: MemoryFileItem }))
} as const
