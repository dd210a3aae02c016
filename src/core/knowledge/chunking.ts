import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

/** About a long paragraph: small enough that a hit names where it is, big enough to carry meaning. */
export const CHUNK_CHARS = 1200
/** What consecutive chunks share, so a sentence cut at a boundary is still found whole in one of them. */
export const CHUNK_OVERLAP = 200
/** The most of one file that is indexed; the rest is left out and the file's last chunk says so. */
export const MAX_FILE_CHUNKS = 50_000
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

/**
 * Reads a file a block at a time and hands over its chunks in order, so a 50 MB file is never
 * one string (nor one row). Stops after `maxChunks`. Says how many chunks there were, or why
 * the file is not text.
 */
export function chunkFile(
  path: string,
  onChunk: (text: string, index: number) => void,
  maxChunks = MAX_FILE_CHUNKS
): { chunks: number; truncated: boolean } | { error: string } {
  const fd = openSync(path, 'r')
  try {
    const decoder = new StringDecoder('utf8')
    const buffer = Buffer.allocUnsafe(READ_BLOCK)
    let carry = ''
    let index = 0
    for (;;) {
      const read = readSync(fd, buffer, 0, READ_BLOCK, null)
      if (read > 0 && buffer.subarray(0, read).includes(0))
        return { error: `${path} looks like a binary file (it contains NUL bytes)` }
      const last = read === 0
      const text = carry + (last ? decoder.end() : decoder.write(buffer.subarray(0, read)))
      const spans = chunkSpans(text)
      // The last piece of a block may be cut short by the block's end: it starts the next one.
      const emit = last ? spans : spans.slice(0, -1)
      for (const [from, to] of emit) {
        if (index >= maxChunks) return { chunks: index, truncated: true }
        onChunk(text.slice(from, to), index++)
      }
      if (last) return { chunks: index, truncated: false }
      carry = text.slice(spans.at(-1)?.[0] ?? 0)
    }
  } finally {
    closeSync(fd)
  }
}
