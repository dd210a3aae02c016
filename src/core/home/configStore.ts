import { existsSync, readFileSync } from 'node:fs'
import { conflict, invalidInput } from '../errors'
import { withFileLock } from './fileLock'
import { writeFileAtomic } from './atomicWrite'
import { parseConfig, type HearthConfig, type LoadedConfig } from './config'

/** A change to config.json as a deep partial: plain objects merge key by key, anything else replaces. */
export type ConfigPatch = { readonly [key: string]: unknown }

/** A change a merge cannot express (removing a key): gets a copy of the raw file, returns the new one. */
export type ConfigEdit = (raw: Record<string, unknown>) => Record<string, unknown>

/** The read side, for services that only need the current settings. */
export interface ConfigReader {
  /** The file read fresh (the user, the CLI or another window may have changed it). */
  read(): LoadedConfig
}

/**
 * The one owner of config.json: every section is validated by the one schema in config.ts, and
 * every write goes through `patch`, which holds `config.json.lock` for its read-modify-write so
 * the app and CLI processes never lose each other's changes. A malformed file is never
 * overwritten, and a change that would not load cleanly is refused, so a save never turns a good
 * file into a bad one. Unknown keys are kept at every level.
 */
export class ConfigStore implements ConfigReader {
  /**
   * The last text read and what it parsed to: the file is read on every call (it may have changed
   * behind our back), but parsed only when its text did. Every turn reads the settings, and the
   * parse is most of the cost. Frozen, since every reader shares it.
   */
  private last: { readonly text: string | undefined; readonly loaded: LoadedConfig } | null = null

  constructor(readonly path: string) {}

  read(): LoadedConfig {
    let text: string | undefined
    try {
      text = readFileSync(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        return {
          ...parseConfig(undefined),
          errors: [`config.json could not be read: ${(error as Error).message}`]
        }
      }
    }
    if (this.last === null || this.last.text !== text)
      this.last = { text, loaded: deepFreeze(parseConfig(text)) }
    return this.last.loaded
  }

  /** The validated settings (defaults for missing or bad fields). */
  config(): HearthConfig {
    return this.read().config
  }

  /** Creates an empty config.json on first use; never touches an existing file. */
  ensureFile(): void {
    if (!existsSync(this.path)) writeFileAtomic(this.path, '{}\n')
  }

  /**
   * Applies `change` (a deep-partial patch or an edit function) under the lock and returns the
   * file as now stored. Throws `conflict` while the file has problems (the user must fix it
   * first) and `invalid_input` when the result would not validate; nothing is written then.
   */
  patch(change: ConfigPatch | ConfigEdit): Promise<LoadedConfig> {
    return Promise.resolve().then(() => withFileLock(this.path, () => this.patchLocked(change)))
  }

  private patchLocked(change: ConfigPatch | ConfigEdit): LoadedConfig {
    const current = this.read()
    if (current.raw === undefined || current.errors.length > 0) {
      throw conflict(
        `config.json has problems, so Hearth will not overwrite it: ${current.errors.join(' ')} Fix the file first (${this.path}).`
      )
    }
    const next =
      typeof change === 'function' ? change(structuredClone(current.raw)) : mergePatch(current.raw, change)
    const text = `${JSON.stringify(next, null, 2)}\n`
    const loaded = parseConfig(text)
    if (loaded.errors.length > 0)
      throw invalidInput(`These settings were not saved: ${loaded.errors.join(' ')}`)
    writeFileAtomic(this.path, text)
    return loaded
  }
}

/** `raw` with `patch` merged in: plain objects merge recursively, `undefined` leaves a key as it is. */
export function mergePatch(
  raw: Readonly<Record<string, unknown>>,
  patch: ConfigPatch
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...raw }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    const before = next[key]
    next[key] = isPlainObject(value) && isPlainObject(before) ? mergePatch(before, value) : value
  }
  return next
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** The value and everything it holds made read-only, so a reader cannot change what others share. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
