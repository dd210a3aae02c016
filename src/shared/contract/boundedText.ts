import { z } from 'zod'
import { formatBytes, utf8Length } from './limits'

/**
 * A string bounded both in characters and in UTF-8 bytes. Characters alone are not enough: 3
 * million "€" are 3 million characters but 9 MB on the wire and on disk.
 */
export function boundedText(maxChars: number, maxBytes: number): z.ZodString {
  return z
    .string()
    .max(maxChars, `at most ${maxChars.toLocaleString('en-US')} characters`)
    .refine((text) => text.length * 3 <= maxBytes || utf8Length(text) <= maxBytes, {
      error: (issue) =>
        `at most ${formatBytes(maxBytes)} as UTF-8 (this is ${formatBytes(utf8Length(String(issue.input)))})`
    })
}
