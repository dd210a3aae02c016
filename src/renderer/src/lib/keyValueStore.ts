/**
 * Small values the renderer keeps across reloads on this device (drafts, the last project folder
 * per agent). The browser's localStorage when there is one; a Map otherwise (store tests in Node,
 * or a browser that refuses storage), so callers never branch.
 */
export interface KeyValueStore {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

export function memoryKeyValueStore(): KeyValueStore {
  const values = new Map<string, string>()
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key)
  }
}

/** localStorage behind the interface; a full or blocked storage loses the value, never the app. */
export function browserKeyValueStore(): KeyValueStore {
  const storage = typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage
  if (storage === undefined) return memoryKeyValueStore()
  return {
    get(key) {
      try {
        return storage.getItem(key)
      } catch {
        return null
      }
    },
    set(key, value) {
      try {
        storage.setItem(key, value)
      } catch {
        // Quota exceeded or storage disabled: the value lives only as long as the page.
      }
    },
    remove(key) {
      try {
        storage.removeItem(key)
      } catch {
        // Nothing stored, nothing to remove.
      }
    }
  }
}
