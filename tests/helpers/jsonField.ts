import { z } from 'zod'

const jsonObject = z.record(z.string(), z.unknown())

/**
 * One field of a JSON object a test got back (a tool's answer, a CLI's output), left `unknown`
 * for the assertion to judge; anything but an object fails with zod's words.
 */
export function field(value: unknown, key: string): unknown {
  return jsonObject.parse(value)[key]
}
