import { z } from 'zod'

const jsonObjectSchema = z.record(z.string(), z.unknown())

/** A JSON value that must be an object, its fields left `unknown`. */
export function jsonObject(value: unknown): Record<string, unknown> {
  return jsonObjectSchema.parse(value)
}

/**
 * One field of a JSON object a test got back (a tool's answer, a CLI's output), left `unknown`
 * for the assertion to judge; anything but an object fails with zod's words.
 */
export function field(value: unknown, key: string): unknown {
  return jsonObject(value)[key]
}
