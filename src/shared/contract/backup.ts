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
  /** Database tables where the API key was found (pasted into a chat…) and replaced by a marker in the copy. */
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
  'backup.restore': method(z.object({ file: FilePath, home: FilePath }), RestoreResult)
} as const
