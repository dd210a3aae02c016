import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { UiPlace, type ThemePreference, type UiState } from '../../shared/contract/ui'
import { writeFileAtomic } from '../home/atomicWrite'
import type { ConfigStore } from '../home/configStore'

/** Where the user's last place is kept, in the home's folder. */
export const UI_PLACE_FILE = 'ui-place.json'

/**
 * The app's theme (a setting in config.json) and the user's last place (agent, chat, section) in
 * `ui-place.json` beside it: state of the home, not of a browser origin, so it survives a
 * reload and a restarted host alike.
 */
export class UiStateService {
  private readonly placePath: string

  constructor(
    root: string,
    private readonly config: ConfigStore
  ) {
    this.placePath = join(root, UI_PLACE_FILE)
  }

  get(): UiState {
    return { theme: this.config.read().config.ui.theme, place: this.readPlace() }
  }

  async setTheme(theme: ThemePreference): Promise<{ theme: ThemePreference }> {
    const loaded = await this.config.patch({ ui: { theme } })
    return { theme: loaded.config.ui.theme }
  }

  setPlace(place: UiPlace): { saved: true } {
    writeFileAtomic(this.placePath, `${JSON.stringify(place)}\n`)
    return { saved: true }
  }

  /** A missing or damaged file is no place at all: the app opens as on a first visit. */
  private readPlace(): UiPlace | null {
    try {
      const parsed = UiPlace.safeParse(JSON.parse(readFileSync(this.placePath, 'utf8')))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }
}
