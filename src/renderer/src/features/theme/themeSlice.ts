import type { KeyValueStore } from '../../lib/keyValueStore'
import type { AppState, SliceCreator } from '../../store/types'

export type ThemePreference = 'system' | 'light' | 'dark'
export type ResolvedTheme = 'light' | 'dark'

/** Light or dark: follows the system unless the user picked one (kept on this device). */
export interface ThemeSlice {
  readonly themePreference: ThemePreference
  /** What the page shows now; follows `prefers-color-scheme` while the preference is "system". */
  readonly resolvedTheme: ResolvedTheme
  readonly setThemePreference: (preference: ThemePreference) => void
  readonly setSystemTheme: (theme: ResolvedTheme) => void
}

const THEME_KEY = 'hearth.theme'

function readPreference(storage: KeyValueStore): ThemePreference {
  const kept = storage.get(THEME_KEY)
  return kept === 'light' || kept === 'dark' ? kept : 'system'
}

export function createThemeSlice(
  storage: KeyValueStore,
  systemTheme: () => ResolvedTheme
): SliceCreator<ThemeSlice> {
  return (set, get) => {
    const preference = readPreference(storage)
    const system = { current: systemTheme() }
    const resolve = (chosen: ThemePreference): ResolvedTheme =>
      chosen === 'system' ? system.current : chosen
    return {
      themePreference: preference,
      resolvedTheme: resolve(preference),
      setThemePreference(chosen) {
        if (chosen === 'system') storage.remove(THEME_KEY)
        else storage.set(THEME_KEY, chosen)
        set({ themePreference: chosen, resolvedTheme: resolve(chosen) })
      },
      setSystemTheme(theme) {
        system.current = theme
        set({ resolvedTheme: resolve(get().themePreference) })
      }
    }
  }
}

/** The system's colour scheme where the page can ask for it; light otherwise (tests in Node). */
export function browserSystemTheme(): ResolvedTheme {
  return typeof globalThis.matchMedia === 'function' &&
    globalThis.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

export const selectThemePreference = (state: AppState): ThemePreference => state.themePreference
export const selectResolvedTheme = (state: AppState): ResolvedTheme => state.resolvedTheme
