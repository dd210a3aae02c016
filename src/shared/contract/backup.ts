import { z } from 'zod'
import { method } from './define'
import { AgentId } from './ids'
import { NexusVerifyReport } from './nexus'

const FilePath = z.string().trim().min(1).max(4096)

/** What a bundle or a backup holds, counted per kind (agents, chats, facts, files…). */
export const BackupCounts = z.record(z.string(), z.number().int().nonnegative())
export type BackupCounts = z.infer<typeof BackupCounts>

/** An agent bundle as a file to save: the CLI writes it, the browser downloads it. */
export const AgentExportFile = z.object({
  fileName: z.string(),
  mediaType: z.literal('application/json'),
  text: z.string(),
  counts: BackupCounts
})
export type AgentExportFile = z.infer<typeof AgentExportFile>

export const BackupResult = z.object({
  /** The archive written (absolute path). */
  file: z.string(),
  bytes: z.number().int().nonnegative(),
  /** sha256 of the whole archive, to compare a copy against. */
  sha256: z.string(),
  /** Files in the archive besides its manifest (the database included). */
  files: z.number().int().nonnegative(),
  counts: BackupCounts,
  /** What a backup leaves out, said for the user. */
  excluded: z.array(z.string()),
  /**
   * Where a secret was found and replaced by a marker in the copy: database tables (the API key
   * pasted into a chat…), and config.json when MCP servers had env or header values written in it.
   */
  secretsRemoved: z.array(z.string()),
  durationMs: z.number().int().nonnegative()
})
export type BackupResult = z.infer<typeof BackupResult>

export const RestoreVerification = z.object({
  /** SQLite's `PRAGMA integrity_check`: "ok", or its first problems. */
  integrity: z.string(),
  nexus: NexusVerifyReport,
  /** Every file's sha256 compared with the manifest. */
  files: z.object({ checked: z.number().int(), mismatched: z.array(z.string()) }),
  ok: z.boolean()
})
export type RestoreVerification = z.infer<typeof RestoreVerification>

export const RestoreResult = z.object({
  home: z.string(),
  counts: BackupCounts,
  verified: RestoreVerification,
  /** When the backup was made, and by which version. */
  createdAtMs: z.number(),
  appVersion: z.string()
})
export type RestoreResult = z.infer<typeof RestoreResult>

/** How far a backup is: the database copy first, then the files, by bytes written into the archive. */
export const BackupProgress = z.object({
  phase: z.enum(['database', 'files', 'done']),
  /** Bytes of the home's files (the database copy included) in the archive so far, and in all. */
  bytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  totalFiles: z.number().int().nonnegative()
})
export type BackupProgress = z.infer<typeof BackupProgress>

/** A backup read before it is restored: when it was made and what it holds, against the home now. */
export const BackupInspection = z.object({
  file: z.string(),
  createdAtMs: z.number(),
  appVersion: z.string(),
  counts: BackupCounts,
  /** The running home, counted the same way: what a restore replaces. */
  home: z.string(),
  current: BackupCounts
})
export type BackupInspection = z.infer<typeof BackupInspection>

/** A verified home waiting beside the running one; it takes the home's place at the next start. */
export const PendingRestore = z.object({
  /** The backup it came from, or the home kept by an earlier restore (going back). */
  from: z.string(),
  staged: z.string(),
  /** Where the home as it is now is moved at the switch, to go back to. */
  keepAs: z.string(),
  stagedAtMs: z.number(),
  counts: BackupCounts,
  /** True when going back to a kept home: cancelling keeps that folder. */
  goingBack: z.boolean()
})
export type PendingRestore = z.infer<typeof PendingRestore>

/** The last switch to a restored home: the way back is the folder the home before it was kept in. */
export const FinishedRestore = z.object({
  from: z.string(),
  keptAs: z.string(),
  atMs: z.number(),
  /** Whether the kept folder is still there to go back to. */
  keptExists: z.boolean()
})
export type FinishedRestore = z.infer<typeof FinishedRestore>

export const RestoreStatus = z.object({
  home: z.string(),
  pending: PendingRestore.nullable(),
  last: FinishedRestore.nullable()
})
export type RestoreStatus = z.infer<typeof RestoreStatus>

export const backupEvents = {
  'backup.progress': BackupProgress
} as const

export const backupMethods = {
  /** One agent as a portable JSON bundle (`hearth import hearth` reads it back). Never holds the API key. */
  'exports.agent': method(
    z.object({ agentId: AgentId, withSessions: z.boolean().default(false) }),
    AgentExportFile
  ),
  /**
   * A consistent copy of the whole home while it is in use: the database through SQLite's online
   * backup, the home's files, one zip with a manifest of sha256 hashes. Without `file`, it is
   * written beside the home, named by the time.
   */
  'backup.create': method(z.object({ file: FilePath.optional() }), BackupResult),
  /** Restores a backup into an empty folder (never over a home) and verifies it. */
  'backup.restore': method(z.object({ file: FilePath, home: FilePath }), RestoreResult),
  /** Reads a backup's manifest (nothing is written) and counts the running home beside it. */
  'backup.inspect': method(z.object({ file: FilePath }), BackupInspection),
  /**
   * Settings → Restore: the backup restored and verified into a folder beside the home, which
   * replaces the home at the app's next start; the home as it is now is kept, to go back to.
   */
  'backup.stageRestore': method(
    z.object({ file: FilePath }),
    z.object({ restore: RestoreResult, status: RestoreStatus })
  ),
  'backup.restoreStatus': method(z.object({}), RestoreStatus),
  /** Drops a restore waiting for the next start (its staged folder is removed, a kept home never). */
  'backup.cancelRestore': method(z.object({}), RestoreStatus),
  /** The way back: the home kept by the last restore takes the home's place again at the next start. */
  'backup.undoRestore': method(z.object({}), RestoreStatus)
} as const
