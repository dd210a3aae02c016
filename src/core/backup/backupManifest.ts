import { z } from 'zod'
import { BackupCounts } from '../../shared/contract/backup'

export const BACKUP_FORMAT = 'hearth.backup'
export const BACKUP_VERSION = 1
/** The manifest's name in the archive; every other entry sits under `home/`. */
export const MANIFEST_NAME = 'manifest.json'
export const HOME_PREFIX = 'home/'

/** A path inside the home, `/`-separated: never absolute, never climbing out. */
const HomeRelative = z
  .string()
  .min(1)
  .max(4096)
  .refine(
    (p) =>
      !p.startsWith('/') && !p.includes('\\') && !p.split('/').some((part) => part === '..' || part === ''),
    'a relative path inside the home'
  )

export const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAtMs: z.number(),
  appVersion: z.string(),
  /** Every file of the archive under `home/`, with its size and sha256. */
  files: z.array(z.object({ path: HomeRelative, bytes: z.number().int().nonnegative(), sha256: z.string() })),
  counts: BackupCounts,
  excluded: z.array(z.string())
})
export type BackupManifest = z.infer<typeof BackupManifest>

/** What a backup leaves out and why, as the result and the docs say it. */
export const BACKUP_EXCLUDED = [
  'hearth.db-wal / -shm / -journal: the database is copied whole through SQLite’s online backup instead',
  'logs/: the core’s log, rebuilt as the app runs',
  'sync/: the Nexus sync’s git folder, fetched again from the remote',
  'scratch folders of a running import (.import-*) and of a backup (.hearth-backup-*)',
  'lock files (*.lock) and half-written temporary files (*.tmp)'
]

/** Whether a path of the home (relative, `/`-separated) stays out of a backup. */
export function excludedFromBackup(rel: string, isDir: boolean): boolean {
  const top = rel.split('/')[0] ?? rel
  const name = rel.split('/').at(-1) ?? rel
  if (isDir) return rel === 'logs' || rel === 'sync' || /^\.(import|hearth-backup)-/.test(top)
  if (rel === 'hearth.db' || /^hearth\.db-(wal|shm|journal)$/.test(rel)) return true
  return name.endsWith('.lock') || name.endsWith('.tmp')
}
