import type { NexusSyncProgress, NexusSyncResult, NexusSyncStatus } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

/** Settings → Sync: where the Nexus sync stands, the run in progress, and the last thing that failed. */
export interface SyncSlice {
  readonly sync: {
    readonly status: NexusSyncStatus | null
    /** What the running sync is doing, from its progress events; null when none runs. */
    readonly progress: NexusSyncProgress | null
    readonly busy: boolean
    /** A refusal of the last action (an invalid remote, no remote yet), in words. */
    readonly error: string | null
  }
  readonly loadSyncStatus: () => Promise<void>
  /** Loads the status the first time a screen needs device names (the Nexus views). */
  readonly loadSyncStatusOnce: () => void
  readonly runSync: (remote?: string) => Promise<void>
  readonly configureSync: (change: {
    remote?: string | null
    intervalMinutes?: number
    deviceName?: string | null
  }) => Promise<boolean>
  readonly releaseSyncDevice: (device: string) => Promise<void>
  readonly takeNewDeviceId: () => Promise<void>
  readonly receiveSyncProgress: (progress: NexusSyncProgress) => void
  readonly receiveSynced: (result: NexusSyncResult) => void
}

export function createSyncSlice(api: ApiClient): SliceCreator<SyncSlice> {
  return (set, get) => {
    const patch = (change: Partial<SyncSlice['sync']>): void => set({ sync: { ...get().sync, ...change } })
    /** Runs an action that answers with the new status; a refusal is shown, never thrown at the screen. */
    const act = async (work: () => Promise<NexusSyncStatus>): Promise<boolean> => {
      patch({ busy: true, error: null })
      try {
        patch({ status: await work(), busy: false })
        return true
      } catch (error) {
        patch({ busy: false, error: errorMessage(error) })
        return false
      }
    }
    let requested = false
    return {
      sync: { status: null, progress: null, busy: false, error: null },
      loadSyncStatusOnce() {
        if (requested) return
        requested = true
        void get().loadSyncStatus()
      },
      async loadSyncStatus() {
        try {
          patch({ status: await api.call('nexus.sync.status', {}) })
        } catch (error) {
          patch({ error: errorMessage(error) })
        }
      },
      async runSync(remote) {
        patch({ busy: true, error: null, progress: { phase: 'fetch', message: 'Starting' } })
        try {
          await api.call('nexus.sync.run', remote === undefined ? {} : { remote })
        } catch (error) {
          patch({ error: errorMessage(error) })
        }
        patch({ busy: false, progress: null })
        await get().loadSyncStatus()
      },
      configureSync: (change) => act(() => api.call('nexus.sync.configure', change)),
      releaseSyncDevice: async (device) => void (await act(() => api.call('nexus.sync.release', { device }))),
      takeNewDeviceId: async () => void (await act(() => api.call('nexus.sync.newDeviceId', {}))),
      receiveSyncProgress: (progress) => patch({ progress }),
      receiveSynced: (result) => {
        const status = get().sync.status
        if (status !== null) patch({ status: { ...status, last: result, devices: result.devices } })
      }
    }
  }
}

export const selectSync = (state: AppState): SyncSlice['sync'] => state.sync
