import type {
  BackupInspection,
  BackupProgress,
  BackupResult,
  RestoreResult,
  RestoreStatus
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, SliceCreator } from '../../store/types'

/**
 * Settings → Backup: a backup of the whole home with its progress, and a restore that replaces
 * the home at the next start (checked first, verified, with the way back kept).
 */
export interface BackupSlice {
  /** Set while a backup is being written; the core's progress events fill it. */
  readonly backupProgress: BackupProgress | null
  readonly backupRunning: boolean
  readonly lastBackup: BackupResult | null
  readonly restoreStatus: RestoreStatus | null
  readonly loadRestoreStatus: () => Promise<ActionResult<RestoreStatus>>
  readonly createBackup: (file: string) => Promise<ActionResult<BackupResult>>
  readonly receiveBackupProgress: (progress: BackupProgress) => void
  readonly inspectBackup: (file: string) => Promise<ActionResult<BackupInspection>>
  readonly stageRestore: (file: string) => Promise<ActionResult<RestoreResult>>
  readonly cancelRestore: () => Promise<ActionResult<RestoreStatus>>
  readonly undoRestore: () => Promise<ActionResult<RestoreStatus>>
}

async function attempt<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, message: errorMessage(error) }
  }
}

export function createBackupSlice(api: ApiClient): SliceCreator<BackupSlice> {
  return (set, get) => {
    const withStatus = (work: () => Promise<RestoreStatus>) => () =>
      attempt(async () => {
        const status = await work()
        set({ restoreStatus: status })
        return status
      })
    return {
      backupProgress: null,
      backupRunning: false,
      lastBackup: null,
      restoreStatus: null,
      loadRestoreStatus: withStatus(() => api.call('backup.restoreStatus', {})),
      async createBackup(file) {
        set({ backupRunning: true, backupProgress: null, lastBackup: null })
        const trimmed = file.trim()
        const result = await attempt(() => api.call('backup.create', trimmed === '' ? {} : { file: trimmed }))
        set({ backupRunning: false, lastBackup: result.ok ? result.value : null })
        return result
      },
      receiveBackupProgress(progress) {
        if (get().backupRunning) set({ backupProgress: progress })
      },
      inspectBackup: (file) => attempt(() => api.call('backup.inspect', { file: file.trim() })),
      stageRestore: (file) =>
        attempt(async () => {
          const { restore, status } = await api.call('backup.stageRestore', { file: file.trim() })
          set({ restoreStatus: status })
          return restore
        }),
      cancelRestore: withStatus(() => api.call('backup.cancelRestore', {})),
      undoRestore: withStatus(() => api.call('backup.undoRestore', {}))
    }
  }
}
