import { z } from 'zod'
import { NEXUS_ENTRY_TYPES, NEXUS_SUMMARY_MAX } from './constants'
import { method } from './define'

export { NEXUS_ENTRY_TYPES, NEXUS_SUMMARY_MAX } from './constants'
export const NexusEntryType = z.enum(NEXUS_ENTRY_TYPES)
export type NexusEntryType = z.infer<typeof NexusEntryType>

/**
 * Who wrote an entry: a Hearth agent id, `user`, or the name an outside runtime gives itself
 * over MCP. It doubles as the file name of the agent's checkpoint in the markdown mirror, so it
 * is a lowercase slug (no dots first, no slashes).
 */
export const NexusAuthor = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,63}$/,
    'An author is 1–64 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit'
  )
export type NexusAuthor = z.infer<typeof NexusAuthor>

/** Where an entry came from: the app, the CLI, or an MCP client (`mcp:<client name>`). */
export const NexusChannel = z
  .string()
  .regex(/^(desktop|cli|mcp:[a-z0-9][a-z0-9._-]{0,63})$/, 'A channel is desktop, cli or mcp:<client name>')
export type NexusChannel = z.infer<typeof NexusChannel>

export const NexusSummary = z
  .string()
  .trim()
  .min(1, 'A summary is required')
  .max(NEXUS_SUMMARY_MAX, `A summary is at most ${NEXUS_SUMMARY_MAX} characters`)
  .refine((text) => !/[\r\n]/.test(text), 'A summary is one line (no line breaks)')

/**
 * An entry's position-independent id: SHA-256 (hex) over its canonical content, including its
 * origin. The same entry has the same id in every copy of the log; `seq` is only the local order.
 */
export const NexusEntryId = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'An entry id is 64 hexadecimal characters (the id, not the #seq)')
export type NexusEntryId = z.infer<typeof NexusEntryId>

export const NexusEntry = z.object({
  /** The local order: 1, 2, 3… in this home's copy of the log. */
  seq: z.number().int().positive(),
  /** Content hash; a string here so a tampered row can still be listed (verify names it). */
  id: z.string(),
  /** Device id of the home that first wrote the entry (stable per home). */
  origin: z.string(),
  /** The entry's place in its origin's own sequence. */
  originSeq: z.number().int().positive(),
  /** Epoch milliseconds when the entry was appended to this log. */
  ts: z.number().int(),
  /** Epoch milliseconds when it was first written elsewhere (imports); null when written here. */
  originalTs: z.number().int().nullable(),
  agent: NexusAuthor,
  channel: NexusChannel,
  type: NexusEntryType,
  summary: z.string(),
  body: z.string().nullable(),
  /** Sequence numbers of earlier entries this one answers, acknowledges or resolves. */
  refs: z.array(z.number().int().positive()),
  /** The same references by id, sorted: what travels between devices. */
  refIds: z.array(z.string()),
  rationale: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string()
})
export type NexusEntry = z.infer<typeof NexusEntry>

/** What a writer supplies; the log assigns seq, ts, the id, the origin and the hashes. */
export const NexusPostInput = z.object({
  agent: NexusAuthor,
  channel: NexusChannel.optional(),
  type: NexusEntryType,
  summary: NexusSummary,
  body: z.string().max(20_000).optional(),
  refs: z.array(z.number().int().positive()).max(50).optional(),
  /** References by id (an import or another device knows ids, not this log's seqs). */
  refIds: z.array(NexusEntryId).max(50).optional(),
  rationale: z.string().trim().max(4_000).optional(),
  /** For imports: when the entry was first written (epoch ms); kept beside the append time, never instead of it. */
  originalTs: z.number().int().min(0).optional()
})
export type NexusPostInput = z.infer<typeof NexusPostInput>

/**
 * Two decisions that cannot both hold: about the same subject (shared key terms, or meaning
 * similarity when embeddings are configured) and disagreeing (one rules out what the other
 * chose, opposite words, another amount, another choice of the same kind). Any two authors,
 * the same one included; it stays until a `resolution` entry references both.
 */
export const NexusConflict = z.object({
  first: NexusEntry,
  second: NexusEntry,
  /** Entries both decisions reference. */
  sharedRefs: z.array(z.number().int()),
  /** 0–1: how much the two are about the same subject. */
  similarity: z.number(),
  resolvedBy: z.number().int().nullable(),
  /** Why they were flagged, in one sentence. */
  reason: z.string(),
  /** How the subject was matched: shared key terms, or meaning similarity from the knowledge layer. */
  method: z.enum(['terms', 'similarity']),
  /** The key terms both decisions share. */
  subject: z.array(z.string())
})
export type NexusConflict = z.infer<typeof NexusConflict>

/** Where a page of conflicts ended: its last pair. */
export const NexusConflictCursor = z.object({
  first: z.number().int().positive(),
  second: z.number().int().positive()
})
export type NexusConflictCursor = z.infer<typeof NexusConflictCursor>

/** Conflicts listed a page at a time (50 unless asked); the panel and the lanes read only what they show. */
export const NexusConflictQuery = z.object({
  includeResolved: z.boolean().optional(),
  /** Only pairs one of whose decisions is among these seqs (the entries a view shows). */
  among: z.array(z.number().int().positive()).max(1000).optional(),
  limit: z.number().int().min(1).max(200).optional(),
  after: NexusConflictCursor.optional()
})
export type NexusConflictQuery = z.infer<typeof NexusConflictQuery>

export const NexusConflictPage = z.object({
  conflicts: z.array(NexusConflict),
  /** How many pairs match in all, over every page. */
  total: z.number().int().min(0),
  next: NexusConflictCursor.nullable()
})
export type NexusConflictPage = z.infer<typeof NexusConflictPage>

export const NexusVerifyReport = z.object({
  ok: z.boolean(),
  count: z.number().int(),
  /** The first entry whose hash, link or sequence number is wrong; null when the chain holds. */
  firstBadSeq: z.number().int().nullable(),
  /** Human-readable problems, e.g. a missing append-only trigger. */
  problems: z.array(z.string()),
  /**
   * Set when the check went on from an earlier good check: entries up to this seq were not
   * recomputed this time (they were at `wholeCheckedAt` or after), every entry after it was.
   */
  resumedAfter: z.number().int().min(0).optional(),
  /** With `resumedAfter`: when every entry was last recomputed from the first (ms since the epoch). */
  wholeCheckedAt: z.number().int().optional()
})
export type NexusVerifyReport = z.infer<typeof NexusVerifyReport>

export const NexusListFilter = z.object({
  agent: NexusAuthor.optional(),
  type: NexusEntryType.optional(),
  search: z.string().max(200).optional(),
  /** Only entries with seq greater than this. */
  since: z.number().int().min(0).optional(),
  /** Only entries with seq lower than this (paging backwards). */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  /**
   * Which end of the matching entries a limited page is taken from: the newest (default) or,
   * for a reader catching up after `since`, the oldest. Entries always come oldest first.
   */
  from: z.enum(['newest', 'oldest']).optional()
})
export type NexusListFilter = z.infer<typeof NexusListFilter>

export const NexusProjectState = z.object({
  path: z.string(),
  content: z.string(),
  hash: z.string(),
  /** The seq of the newest `state` entry (the version agents see); null before the first recorded save. */
  version: z.number().int().nullable(),
  /** The `state` entry this save appended; null when reading or when the content did not change. */
  entry: NexusEntry.nullable()
})
export type NexusProjectState = z.infer<typeof NexusProjectState>

/** Where a reader stands: its cursor and how many entries by others it has not read yet. */
export const NexusCursor = z.object({
  agent: NexusAuthor,
  /** The last seq the agent was shown before a turn; 0 when it never read the log. */
  seq: z.number().int().min(0),
  /** Entries by other authors after `seq`: what its next turn will be shown. */
  unread: z.number().int().min(0),
  /** Epoch ms of the last move of the cursor; null when it never read the log. */
  updatedAt: z.number().int().nullable()
})
export type NexusCursor = z.infer<typeof NexusCursor>

export const NexusPostResult = z.object({ entry: NexusEntry, conflicts: z.array(NexusConflict) })
export type NexusPostResult = z.infer<typeof NexusPostResult>

export const NexusAppended = z.object({ entries: z.array(NexusEntry) })
export type NexusAppended = z.infer<typeof NexusAppended>

/** How far a running `nexus.verify` has come: entries checked of those in the log. */
export const NexusVerifyProgress = z.object({ done: z.number().int().min(0), total: z.number().int().min(0) })
export type NexusVerifyProgress = z.infer<typeof NexusVerifyProgress>

export const nexusMethods = {
  /** Newest entries last; `limit` keeps the newest ones that match. */
  'nexus.list': method(NexusListFilter, z.object({ entries: z.array(NexusEntry), total: z.number().int() })),
  'nexus.post': method(NexusPostInput, NexusPostResult),
  /**
   * Recomputes every entry; with `resume`, goes on from the last good check instead (the app's
   * own checks), unless the whole chain was last recomputed over a day ago.
   */
  'nexus.verify': method(z.object({ resume: z.boolean().optional() }), NexusVerifyReport),
  'nexus.decisions': method(
    z.object({ limit: z.number().int().min(1).max(1000).optional() }),
    z.object({ entries: z.array(NexusEntry) })
  ),
  /** The latest checkpoint of every author. */
  'nexus.checkpoints': method(z.object({}), z.object({ entries: z.array(NexusEntry) })),
  /**
   * A page of conflicting decisions, newest later decision first, and how many there are in all;
   * `next` (the page's last pair) is the `after` of the page that follows, null on the last.
   */
  'nexus.conflicts': method(NexusConflictQuery, NexusConflictPage),
  /** Read cursors and unread counts of the given authors (every author with a cursor when omitted). */
  'nexus.cursors': method(
    z.object({ agents: z.array(NexusAuthor).max(200).optional() }),
    z.object({ cursors: z.array(NexusCursor) })
  ),
  /** Appends a `resolution` entry referencing both decisions (written by the user). */
  'nexus.resolve': method(
    z.object({
      first: z.number().int().positive(),
      second: z.number().int().positive(),
      summary: NexusSummary,
      body: z.string().max(20_000).optional()
    }),
    NexusPostResult
  ),
  'nexus.projectState.read': method(z.object({}), NexusProjectState),
  /** Saves nexus/project-state.md (refused with `conflict` when it changed since `baseHash`) and appends a `state` entry. */
  'nexus.projectState.save': method(
    z.object({ content: z.string().max(2_000_000), baseHash: z.string(), force: z.boolean().optional() }),
    NexusProjectState
  ),
  /** Starts watching the log for entries other processes append; `nexus.appended` events follow. */
  'nexus.watch': method(z.object({}), z.object({ watching: z.literal(true), tailSeq: z.number().int() }))
} as const
