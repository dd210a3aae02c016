import { z } from 'zod'
import { method } from './define'

/**
 * A git remote as the user gives it: a URL (https, ssh, file) or a path to a bare repository on a
 * server or a shared drive. Transports that run commands (`ext::`, `fd::`) and anything that
 * would read as an option are refused before git sees them.
 */
export const SyncRemote = z
  .string()
  .trim()
  .min(1, 'A remote is required: a git URL or the path of a bare repository')
  .max(2_000, 'A remote is at most 2,000 characters')
  .refine((text) => !text.startsWith('-'), 'A remote cannot start with "-"')
  .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'A remote is one line without control characters')
  .refine(
    (text) => !/^(ext|fd)::/i.test(text),
    'The ext:: and fd:: transports run commands, so Hearth does not use them'
  )

/** What a device calls itself on the others' screens. */
export const SyncDeviceName = z
  .string()
  .trim()
  .min(1, 'A device name cannot be empty')
  .max(64, 'A device name is at most 64 characters')
  .refine((text) => !/[\p{Cc}\p{Cf}]/u.test(text), 'A device name is plain text on one line')

/** How another device stands: this one, one whose log verifies, or one held back until the user decides. */
export const SYNC_DEVICE_STATES = ['this', 'ok', 'quarantined'] as const

export const NexusSyncDevice = z.object({
  id: z.string(),
  /** What the device calls itself (its host name); null until its name file was read. */
  name: z.string().nullable(),
  status: z.enum(SYNC_DEVICE_STATES),
  /** Why it is quarantined: its file and the first line that does not verify. */
  problem: z.string().nullable(),
  /** Entries its file held at the last check (for this device: entries it wrote). */
  entries: z.number().int().min(0),
  lastSeenAt: z.number().int().nullable()
})
export type NexusSyncDevice = z.infer<typeof NexusSyncDevice>

export const NexusSyncResult = z.object({
  ok: z.boolean(),
  /** The remote as shown: any password in it replaced by ***. */
  remote: z.string(),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  /** This device's entries the remote did not have. */
  pushed: z.number().int().min(0),
  /** Other devices' entries merged into this home's log. */
  pulled: z.number().int().min(0),
  devices: z.array(NexusSyncDevice),
  /** Sentences: what went wrong or needs a decision, each saying what to do. */
  problems: z.array(z.string()),
  /** Sentences: what the user should know though the sync went through (a remote that was rewritten, healed). */
  notes: z.array(z.string()),
  /** The remote holds another home's entries under this device's id (a copied home): take a new id. */
  needsNewDeviceId: z.boolean(),
  remoteCommit: z.string().nullable()
})
export type NexusSyncResult = z.infer<typeof NexusSyncResult>

export const NexusSyncStatus = z.object({
  /** `git --version`, or null when git is not installed. */
  git: z.string().nullable(),
  remote: z.string().nullable(),
  /** Minutes between syncs in the app; 0 when it syncs only on request. */
  intervalMinutes: z.number().int().min(0),
  device: z.object({ id: z.string(), name: z.string() }),
  devices: z.array(NexusSyncDevice),
  last: NexusSyncResult.nullable(),
  running: z.boolean()
})
export type NexusSyncStatus = z.infer<typeof NexusSyncStatus>

export const SYNC_PHASES = ['fetch', 'verify', 'merge', 'push'] as const
export const NexusSyncProgress = z.object({
  phase: z.enum(SYNC_PHASES),
  /** What is happening, in words. */
  message: z.string()
})
export type NexusSyncProgress = z.infer<typeof NexusSyncProgress>

export const nexusSyncEvents = {
  'nexus.syncProgress': NexusSyncProgress,
  'nexus.synced': NexusSyncResult
} as const

export const nexusSyncMethods = {
  'nexus.sync.status': method(z.object({}), NexusSyncStatus),
  /** Exchanges the log with the remote (the one given, remembered for next time, or the saved one). */
  'nexus.sync.run': method(z.object({ remote: SyncRemote.optional() }), NexusSyncResult),
  'nexus.sync.configure': method(
    z.object({
      remote: SyncRemote.nullable().optional(),
      deviceName: SyncDeviceName.nullable().optional(),
      intervalMinutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60)
        .optional()
    }),
    NexusSyncStatus
  ),
  /** Lets a quarantined device's log be checked again at the next sync (merged only if it then verifies). */
  'nexus.sync.release': method(z.object({ device: z.string().min(1).max(100) }), NexusSyncStatus),
  /** Gives this home a new device id, after the remote showed another home using the current one. */
  'nexus.sync.newDeviceId': method(z.object({}), NexusSyncStatus)
} as const
