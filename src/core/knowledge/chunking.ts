import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

/** About a long paragraph: small enough that a hit names where it is, big enough to carry meaning. */
export const CHUNK_CHARS = 1200
/** What consecutive chunks share, so a sentence cut at a boundary is still found whole in one of them. */
export const CHUNK_OVERLAP = 200
/** The most of one file that is indexed (about 60 MB of text); the rest is left out, and the log says so. */
export const MAX_FILE_CHUNKS = 60_000
const READ_BLOCK = 1 << 20

/**
 * Cuts `text` into pieces of at most `size` characters, each starting `overlap` characters
 * before the previous one ended; cuts prefer a line break, then a space, in the last fifth.
 */
export function chunkText(text: string, size = CHUNK_CHARS, overlap = CHUNK_OVERLAP): string[] {
  return chunkSpans(text, size, overlap).map(([from, to]) => text.slice(from, to))
}

/** The [start, end) offsets of `chunkText`'s pieces. */
export function chunkSpans(text: string, size = CHUNK_CHARS, overlap = CHUNK_OVERLAP): [number, number][] {
  const spans: [number, number][] = []
  let start = 0
  while (start < text.length) {
    const end = cutPoint(text, start, size)
    spans.push([start, end])
    if (end >= text.length) break
    start = Math.max(end - overlap, start + 1)
  }
  return spans
}

function cutPoint(text: string, start: number, size: number): number {
  const hardEnd = start + size
  if (hardEnd >= text.length) return text.length
  const floor = hardEnd - Math.floor(size / 5)
  const newline = text.lastIndexOf('\n', hardEnd)
  if (newline > floor) return newline + 1
  const space = text.lastIndexOf(' ', hardEnd)
  return space > floor ? space + 1 : hardEnd
}

/** Where a chunked read of a file stands: the byte and chunk number the next piece starts at. */
export interface FilePosition {
  readonly byte: number
  readonly chunk: number
}

/**
 * Reads a file a block at a time from `from` and hands over at most `maxChunks` chunks in
 * order, so a 50 MB file is never one string (nor one row) and can be indexed a slice at a
 * time. Returns where the next slice starts (null when the file is done), or why it is not text.
 */
export function chunkFile(
  path: string,
  from: FilePosition,
  maxChunks: number,
  onChunk: (text: string, index: number) => void
): { next: FilePosition | null } | { error: string } {
  const fd = openSync(path, 'r')
  try {
    const decoder = new StringDecoder('utf8')
    const buffer = Buffer.allocUnsafe(READ_BLOCK)
    let carry = ''
    let carryByte = from.byte // the file offset of carry's first character
    let position = from.byte
    let index = from.chunk
    let emitted = 0
    for (;;) {
      const read = readSync(fd, buffer, 0, READ_BLOCK, position)
      position += read
      if (read > 0 && buffer.subarray(0, read).includes(0))
        return { error: `${path} looks like a binary file (it contains NUL bytes)` }
      const last = read === 0
      const text = carry + (last ? decoder.end() : decoder.write(buffer.subarray(0, read)))
      const spans = chunkSpans(text)
      // The last piece of a block may be cut short by the block's end: it starts the next one.
      const emit = last ? spans : spans.slice(0, -1)
      for (const [start, end] of emit) {
        if (emitted === maxChunks) {
          return { next: { byte: carryByte + Buffer.byteLength(text.slice(0, start)), chunk: index } }
        }
        onChunk(text.slice(start, end), index++)
        emitted++
      }
      if (last) return { next: null }
      const keepFrom = spans.at(-1)?.[0] ?? 0
      carryByte += Buffer.byteLength(text.slice(0, keepFrom))
      carry = text.slice(keepFrom)
    }
  } finally {
    closeSync(fd)
  }
}
