import { conflict } from '../errors'

/** The list as given, refused when two entries share an id (a provider or hook wired twice). */
export function uniqueById<T extends { readonly id: string }>(
  items: readonly T[],
  what: string
): readonly T[] {
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.id)) throw conflict(`A ${what} "${item.id}" is already registered`)
    seen.add(item.id)
  }
  return [...items]
}
