import type { AgentId, MethodOutput } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { KeyValueStore } from '../../lib/keyValueStore'
import type { AppState, SliceCreator } from '../../store/types'

export type FolderListing = MethodOutput<'app.listDirs'>

const FOLDER_KEY = 'hearth.projectFolder.'

/**
 * The project folder of each agent: the one its new chats work in, the Prompt view previews and
 * the Files section edits the rules of. It is the folder the user last chose for that agent
 * (kept on this device), else the folder of the agent's newest session. Picked with a folder
 * browser built on `app.listDirs`, because the web host has no native dialog.
 */
export interface ProjectFolderSlice {
  /** By agent id; `null` = explicitly no project, missing = not known yet. */
  readonly projectDirs: Readonly<Record<AgentId, string | null>>
  readonly folderListing: FolderListing | null
  readonly folderError: string | null
  /** Lists a folder's sub-folders (the user's home folder when `dir` is omitted). */
  readonly browseFolder: (dir?: string) => Promise<FolderListing | null>
  /** Sets the selected agent's folder (null: no project). */
  readonly chooseProjectDir: (dir: string | null) => void
  /** Makes the selected agent's folder known: kept choice, else its newest session's folder. */
  readonly loadProjectDir: () => Promise<void>
}

export function createProjectFolderSlice(
  api: ApiClient,
  storage: KeyValueStore
): SliceCreator<ProjectFolderSlice> {
  // Browses counted as they are asked, so an answer that comes back after a later one is not shown.
  let browses = 0
  return (set, get) => ({
    projectDirs: {},
    folderListing: null,
    folderError: null,
    async browseFolder(dir) {
      const asked = ++browses
      try {
        const folderListing = await api.call('app.listDirs', dir === undefined ? {} : { dir })
        if (asked === browses) set({ folderListing, folderError: null })
        return folderListing
      } catch (error) {
        if (asked === browses) set({ folderError: errorMessage(error) })
        return null
      }
    },
    chooseProjectDir(dir) {
      const agentId = get().selectedAgentId
      if (agentId === null) return
      storage.set(FOLDER_KEY + agentId, JSON.stringify(dir))
      set((state) => ({ projectDirs: { ...state.projectDirs, [agentId]: dir } }))
    },
    async loadProjectDir() {
      const agentId = get().selectedAgentId
      if (agentId === null || agentId in get().projectDirs) return
      const kept = readKept(storage.get(FOLDER_KEY + agentId))
      const dir = kept !== undefined ? kept : await newestSessionFolder(api, agentId)
      // A choice made while the list was loading wins over what the list says.
      set((state) =>
        agentId in state.projectDirs ? {} : { projectDirs: { ...state.projectDirs, [agentId]: dir } }
      )
    }
  })
}

function readKept(raw: string | null): string | null | undefined {
  if (raw === null) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'string' || value === null ? value : undefined
  } catch {
    return undefined
  }
}

async function newestSessionFolder(api: ApiClient, agentId: AgentId): Promise<string | null> {
  try {
    const [newest] = (await api.call('sessions.list', { agentId, limit: 1 })).items
    return newest?.cwd ?? null
  } catch {
    return null
  }
}

/** The selected agent's project folder (null: none, or not known yet). */
export const selectProjectDir = (state: AppState): string | null =>
  state.selectedAgentId === null ? null : (state.projectDirs[state.selectedAgentId] ?? null)
export const selectFolderListing = (state: AppState): FolderListing | null => state.folderListing
export const selectFolderError = (state: AppState): string | null => state.folderError
