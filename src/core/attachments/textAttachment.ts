import { isUtf8 } from 'node:buffer'
import { invalidInput } from '../errors'

const UTF16_BOMS: readonly (readonly [number, number])[] = [
  [0xff, 0xfe],
  [0xfe, 0xff]
]

/**
 * A text file as it is stored and sent: UTF-8 without a byte-order mark, every line ending in
 * "\n" (CRLF and lone CR become LF), so the same text attached from Windows or macOS is the same
 * attachment. Binary content and other encodings are refused with what is wrong and where.
 */
export function normaliseTextAttachment(name: string, data: Buffer): Buffer {
  refuseNonText(name, data)
  let text = data.toString('utf8')
  if (text.startsWith('\uFEFF')) text = text.slice(1)
  text = text.replace(/\r\n?/g, '\n')
  if (text.trim() === '') throw invalidInput(`${name} has no text in it (only spaces or empty lines)`)
  return Buffer.from(text, 'utf8')
}

function refuseNonText(name: string, data: Buffer): void {
  if (UTF16_BOMS.some(([first, second]) => data[0] === first && data[1] === second))
    throw invalidInput(`${name} is not UTF-8 text: it is UTF-16. Save it as UTF-8 and attach it again`)
  const zero = data.indexOf(0)
  if (zero !== -1)
    throw invalidInput(
      `${name} is not UTF-8 text: it holds binary data (a zero byte at offset ${zero}, line ${lineAt(data, zero)}). Attach images, PDFs or text files`
    )
  if (isUtf8(data)) return
  const offset = firstInvalidOffset(data)
  throw invalidInput(
    `${name} is not UTF-8 text: line ${lineAt(data, offset)} has bytes that are not valid UTF-8 (from offset ${offset}; the file may be Latin-1 or Windows-1252). Save it as UTF-8 and attach it again`
  )
}

/**
 * The offset of the first byte sequence that is not UTF-8: fed one byte at a time, a strict
 * decoder gives up at the first bad byte, or at the byte that cuts a started character short
 * (then the character's first byte is the answer). Only run once the file is known to be bad.
 */
function firstInvalidOffset(data: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let started: number | null = null
  for (let offset = 0; offset < data.length; offset++) {
    try {
      const decoded = decoder.decode(data.subarray(offset, offset + 1), { stream: true })
      started = decoded === '' ? (started ?? offset) : null
    } catch {
      return started ?? offset
    }
  }
  // The file ends inside a character.
  return started ?? Math.max(0, data.length - 1)
}

/** The 1-based line of a byte offset. */
function lineAt(data: Buffer, offset: number): number {
  let line = 1
  for (let index = data.indexOf(10); index !== -1 && index < offset; index = data.indexOf(10, index + 1))
    line += 1
  return line
}
