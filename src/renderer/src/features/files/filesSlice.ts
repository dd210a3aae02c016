import type { FileChanged, FileTarget } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage, isRpcError } from '../../api/rpcError'
import { failureState } from '../../store/connectionSlice'
import type { AppState, SliceCreator } from '../../store/types'
import { fileKey, type FileKind } from './fileTargets'
import { applyDiskVersion, isReadOnly, newOpenFile, type OpenFile } from './openFile'

export interface FilesSlice {
  readonly openFiles: Readonly<Record<string, OpenFile>>
  readonly activeFileKind: FileKind
  /** Loads the file once and starts watching it; later calls for the same file do nothing. */
  readonly openFile: (target: FileTarget) => Promise<void>
  readonly editDraft: (key: string, text: string) => void
  /** Saves against the loaded hash; a refusal with `conflict` opens the conflict prompt. True when saved. */
  readonly saveFile: (key: string) => Promise<boolean>
  /** Discards the draft and takes the disk version. */
  readonly reloadFile: (key: string) => Promise<void>
  /** Overwrites the disk version with the draft, on purpose (`force`). */
  readonly keepMine: (key: string) => Promise<boolean>
  /** "I wrote this — trust it": the user's own file, as last loaded, reaches the prompt as written. */
  readonly trustFile: (key: string) => Promise<void>
  readonly setShowDiff: (key: string, show: boolean) => void
  readonly showFileKind: (kind: FileKind) => void
  readonly receiveFileChanged: (change: FileChanged) => Promise<void>
  /** Re-watches and re-checks every open file (after a reconnect, events may have been missed). */
  readonly refreshOpenFiles: () => Promise<void>
}

type FilePatch = Partial<OpenFile> | ((file: OpenFile) => Partial<OpenFile>)

/** Returns the `openFiles` update for one file; a file that is not open is left alone. */
function patchFile(state: AppState, key: string, patch: FilePatch): Pick<FilesSlice, 'openFiles'> {
  const file = state.openFiles[key]
  if (file === undefined) return { openFiles: state.openFiles }
  const changes = typeof patch === 'function' ? patch(file) : patch
  return { openFiles: { ...state.openFiles, [key]: { ...file, ...changes } } }
}

export function createFilesSlice(api: ApiClient): SliceCreator<FilesSlice> {
  return (set, get) => {
    async function syncFromDisk(key: string): Promise<void> {
      const file = get().openFiles[key]
      if (file === undefined) return
      try {
        const disk = await api.call('files.read', { target: file.target })
        set((state) => patchFile(state, key, (current) => applyDiskVersion(current, disk)))
      } catch (error) {
        set((state) => patchFile(state, key, { loadError: errorMessage(error) }))
      }
    }

    async function write(key: string, force: boolean): Promise<boolean> {
      const file = get().openFiles[key]
      if (file === undefined || file.doc === null || file.saving || (isReadOnly(file) && !force)) return false
      const content = file.draft
      // A plain save is checked against what the editor loaded; only "Keep mine" targets the disk version.
      const baseHash = force ? (file.conflict?.disk.hash ?? file.doc.hash) : file.doc.hash
      set((state) => patchFile(state, key, { saving: true, savingContent: content, saveError: null }))
      try {
        const doc = await api.call('files.write', {
          target: file.target,
          content,
          baseHash,
          ...(force ? { force } : {})
        })
        set((state) =>
          patchFile(state, key, { doc, saving: false, savingContent: null, conflict: null, showDiff: false })
        )
        return true
      } catch (error) {
        await recordSaveFailure(key, error)
        return false
      }
    }

    async function recordSaveFailure(key: string, error: unknown): Promise<void> {
      const file = get().openFiles[key]
      if (file === undefined) return
      if (!isRpcError(error, 'conflict')) {
        set((state) =>
          patchFile(state, key, { saving: false, savingContent: null, saveError: errorMessage(error) })
        )
        return
      }
      try {
        const disk = await api.call('files.read', { target: file.target })
        const conflict = { reason: 'refused' as const, message: error.message, disk }
        set((state) => patchFile(state, key, { saving: false, savingContent: null, conflict }))
      } catch (readError) {
        set((state) =>
          patchFile(state, key, { saving: false, savingContent: null, saveError: errorMessage(readError) })
        )
      }
    }

    return {
      openFiles: {},
      activeFileKind: 'soul',
      async openFile(target) {
        const key = fileKey(target)
        const existing = get().openFiles[key]
        if (existing !== undefined && existing.loadError === null) return
        set((state) => ({ openFiles: { ...state.openFiles, [key]: newOpenFile(key, target) } }))
        try {
          await api.call('files.watch', { target })
        } catch (error) {
          set(failureState(`Live updates are off for this file`, error))
        }
        await syncFromDisk(key)
      },
      editDraft(key, text) {
        set((state) => patchFile(state, key, { draft: text }))
      },
      saveFile: (key) => write(key, false),
      keepMine: (key) => write(key, true),
      async reloadFile(key) {
        const file = get().openFiles[key]
        if (file === undefined) return
        try {
          const doc = await api.call('files.read', { target: file.target })
          set((state) =>
            patchFile(state, key, {
              doc,
              draft: doc.content,
              conflict: null,
              showDiff: false,
              saveError: null,
              loadError: null
            })
          )
        } catch (error) {
          set((state) => patchFile(state, key, { saveError: errorMessage(error) }))
        }
      },
      async trustFile(key) {
        const file = get().openFiles[key]
        const target = file?.target
        if (file?.doc == null || target === undefined) return
        if (target.kind !== 'soul' && target.kind !== 'memory' && target.kind !== 'user') return
        try {
          const doc = await api.call('files.trust', { target, hash: file.doc.hash })
          set((state) => patchFile(state, key, { doc, trustError: null }))
        } catch (error) {
          set((state) => patchFile(state, key, { trustError: errorMessage(error) }))
          await syncFromDisk(key)
        }
      },
      setShowDiff(key, show) {
        set((state) => patchFile(state, key, { showDiff: show }))
      },
      showFileKind(kind) {
        set({ activeFileKind: kind })
      },
      async receiveFileChanged(change) {
        const keys = Object.values(get().openFiles)
          .filter(
            (file) => file.doc !== null && file.doc.path === change.path && file.doc.hash !== change.hash
          )
          .map((file) => file.key)
        await Promise.all(keys.map(syncFromDisk))
      },
      async refreshOpenFiles() {
        const files = Object.values(get().openFiles)
        // A restarted host has forgotten its watchers; asking again is harmless when it has not.
        await Promise.allSettled(files.map((file) => api.call('files.watch', { target: file.target })))
        await Promise.all(files.map((file) => syncFromDisk(file.key)))
      }
    }
  }
}
