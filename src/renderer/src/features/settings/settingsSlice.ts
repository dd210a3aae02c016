import type { SettingsPatch, SettingsView } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** A panel's unsaved values and the saved values they were typed over (JSON), so a newer save wins. */
export interface SettingsDraft {
  readonly basis: string
  readonly value: unknown
}

export interface SettingsSlice {
  readonly settingsView: SettingsView | null
  /** Unsaved edits per settings panel: they outlive the panel, so leaving Settings loses nothing. */
  readonly settingsDrafts: Readonly<Record<string, SettingsDraft>>
  readonly keepSettingsDraft: (panel: string, draft: SettingsDraft | null) => void
  readonly settingsLoadError: string | null
  readonly loadSettings: () => Promise<void>
  readonly updateSettings: (patch: SettingsPatch) => Promise<ActionResult>
  /** Write-only: the key goes to the core and only `{configured, protectedByOs}` comes back. */
  readonly saveApiKey: (key: string) => Promise<ActionResult>
}

export function createSettingsSlice(api: ApiClient): SliceCreator<SettingsSlice> {
  // Reads can overlap (start-up, each visit, a reconnect) and the key's status may answer slowly, so
  // only the newest read may set the view: an older answer arriving last would bring back a stale file.
  let newestRead = 0
  return (set) => ({
    settingsView: null,
    settingsDrafts: {},
    settingsLoadError: null,
    keepSettingsDraft(panel, draft) {
      set((state) => {
        const { [panel]: _dropped, ...others } = state.settingsDrafts
        return { settingsDrafts: draft === null ? others : { ...others, [panel]: draft } }
      })
    },
    async loadSettings() {
      const read = ++newestRead
      try {
        const settingsView = await api.call('settings.get', {})
        if (read === newestRead) set({ settingsView, settingsLoadError: null })
      } catch (error) {
        if (read === newestRead) set({ settingsLoadError: errorMessage(error) })
      }
    },
    async updateSettings(patch) {
      try {
        const settingsView = await api.call('settings.update', patch)
        set({ settingsView })
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    async saveApiKey(key) {
      try {
        const apiKey = await api.call('settings.setApiKey', { key })
        set((state) =>
          state.settingsView === null ? {} : { settingsView: { ...state.settingsView, apiKey } }
        )
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    }
  })
}

export const selectSettingsView = (state: AppState): SettingsView | null => state.settingsView
export const selectSettingsLoadError = (state: AppState): string | null => state.settingsLoadError
export const selectConfigErrorCount = (state: AppState): number =>
  state.settingsView?.configErrors.length ?? 0
