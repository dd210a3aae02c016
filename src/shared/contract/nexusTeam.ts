import { z } from 'zod'
import { method } from './define'
import { SessionId, TurnId } from './ids'
import { NexusAuthor, NexusEntry } from './nexus'

/**
 * The Nexus as the team's live state: which turns leave an entry, checkpoints, who has not
 * acknowledged what, and the members from other runtimes (bound over MCP).
 */

/** Which turns leave a `turn` entry when the model did not post one: none, those that changed something, all. */
export const NexusTurnEntries = z.enum(['off', 'meaningful', 'every'])
export type NexusTurnEntries = z.infer<typeof NexusTurnEntries>

/** The Nexus settings a person edits in the app (config.json's `nexus` key). */
export const NexusTeamSettings = z.object({
  turnEntries: NexusTurnEntries,
  /** Tool calls between working checkpoints: the nudge to write one, and the automatic one when none came. */
  checkpointEvery: z.number().int().min(2).max(100),
  /** How many other entries the per-turn block shows in full (the rest are summarised in one line). */
  injectCap: z.number().int().min(1).max(200)
})
export type NexusTeamSettings = z.infer<typeof NexusTeamSettings>

/** Where one entry that asks for acknowledgement stands. */
export const NexusAckStatus = z.object({
  seq: z.number().int().positive(),
  author: NexusAuthor,
  /** Members whose `ack` entry references it, with that entry's seq. */
  acked: z.array(z.object({ member: NexusAuthor, ackSeq: z.number().int().positive() })),
  /** Members that still owe an acknowledgement. */
  awaiting: z.array(NexusAuthor),
  /** Members the user excused from acknowledging it. */
  dismissed: z.array(NexusAuthor)
})
export type NexusAckStatus = z.infer<typeof NexusAckStatus>

/** How many entries one member has not acknowledged yet, across the whole log. */
export const NexusAckOwed = z.object({ member: NexusAuthor, count: z.number().int().min(0) })
export type NexusAckOwed = z.infer<typeof NexusAckOwed>

/**
 * Acknowledgement status: of the given entries, or one page of the entries someone still owes
 * (oldest first; `next` continues after the last), with every member's count and the total.
 */
export const NexusAcksPage = z.object({
  members: z.array(NexusAuthor),
  entries: z.array(NexusAckStatus),
  owed: z.array(NexusAckOwed),
  /** Entries that await at least one member, in the whole log. */
  total: z.number().int().min(0),
  next: z.number().int().positive().nullable()
})
export type NexusAcksPage = z.infer<typeof NexusAcksPage>

/** How a member's entries are signed: as one of the person's Hearth agents, or under its own name. */
export const NexusMemberKind = z.enum(['agent', 'external'])
export type NexusMemberKind = z.infer<typeof NexusMemberKind>

/** A runtime bound to the Nexus (Claude Code, a Hermes profile, OpenClaw…), as Settings shows it. */
export const NexusMember = z.object({
  /** The binding's name: its channel is `mcp:<name>` and it has its own unread cursor. */
  name: NexusAuthor,
  /** Who its entries are signed as. */
  author: NexusAuthor,
  kind: NexusMemberKind,
  /** A token is required (without one, a client calling itself `name` is taken at its word). */
  token: z.boolean(),
  boundAt: z.number().int().nullable(),
  /** Its last tool call, the name its client reported then, and over which transport; null when never seen. */
  lastSeenAt: z.number().int().nullable(),
  lastClient: z.string().nullable(),
  lastTransport: z.enum(['stdio', 'http']).nullable(),
  /** Entries by others it has not read with nexus_unread yet. */
  unread: z.number().int().min(0)
})
export type NexusMember = z.infer<typeof NexusMember>

export const NexusBindInput = z.object({
  name: NexusAuthor,
  kind: NexusMemberKind,
  /** The Hearth agent id (kind `agent`), or the name its entries carry (kind `external`). */
  author: NexusAuthor,
  /** Issue a token the runtime must present (shown once; only its hash is kept). */
  token: z.boolean()
})
export type NexusBindInput = z.infer<typeof NexusBindInput>

export const nexusTeamMethods = {
  'nexus.settings.get': method(z.object({}), NexusTeamSettings),
  'nexus.settings.update': method(NexusTeamSettings.partial(), NexusTeamSettings),
  /**
   * Acknowledgement status of the given entries, or (without `seqs`) a page of the entries that
   * await someone, oldest first, after the seq `after`; with each member's count either way.
   */
  'nexus.acks': method(
    z.object({
      seqs: z.array(z.number().int().positive()).max(1000).optional(),
      limit: z.number().int().min(1).max(500).optional(),
      after: z.number().int().positive().optional()
    }),
    NexusAcksPage
  ),
  /** The user excuses a member from acknowledging one entry. */
  'nexus.acks.dismiss': method(
    z.object({ member: NexusAuthor, seq: z.number().int().positive() }),
    NexusAckStatus
  ),
  'nexus.members.list': method(z.object({}), z.object({ members: z.array(NexusMember) })),
  /** Binds (or rebinds) a member; `token` is the new token, shown this once, or null. */
  'nexus.members.bind': method(
    NexusBindInput,
    z.object({ member: NexusMember, token: z.string().nullable() })
  ),
  /** Removes a member's binding: its token stops working at once. */
  'nexus.members.revoke': method(z.object({ name: NexusAuthor }), z.object({ revoked: z.boolean() })),
  /** The user marks a finished turn as meaningful: it gets its entry now unless it has one. */
  'nexus.markTurn': method(
    z.object({ sessionId: SessionId, turnId: TurnId }),
    z.object({ entry: NexusEntry, created: z.boolean() })
  )
} as const
