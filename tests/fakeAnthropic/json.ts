/** A JSON object as read off the wire, before the fake has checked its shape. */
export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The object itself, or an empty one for anything else (a field the request left out or malformed). */
export function objectOr(value: unknown): JsonObject {
  return isJsonObject(value) ? value : {}
}

/** The list itself, or an empty one for anything else. */
export function listOr(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : []
}
