import { createReadStream, statSync } from 'node:fs'
import { Transform, type Readable } from 'node:stream'
import { ImportFileError } from './importTypes'

/** Bytes handed to the parser at a time: small enough that a parse error is placed within a line or so. */
const SLICE_BYTES = 16 * 1024

/** Counts bytes and lines as they pass, so progress and a parse error can say where they are. */
class Position extends Transform {
  bytes = 0
  line = 1

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (let start = 0; start < chunk.length; start += SLICE_BYTES) {
      const slice = chunk.subarray(start, start + SLICE_BYTES)
      this.push(slice)
      this.bytes += slice.length
      for (let i = slice.indexOf(10); i >= 0; i = slice.indexOf(10, i + 1)) this.line += 1
    }
    done()
  }
}

/**
 * The elements of a top-level JSON array, one at a time, from a stream of any size: only the
 * element being read is held in memory (a 1 GB conversations.json is never loaded whole).
 * `onBytes` reports progress; a malformed file fails with its name and the line reached.
 */
export async function* jsonArrayElements(
  input: Readable,
  file: string,
  onBytes: (bytes: number) => void
): AsyncGenerator<unknown> {
  const position = new Position()
  const { chain, parser, streamArray } = await loadStreamJson()
  const pipeline = chain([input, position, parser(), streamArray()])
  try {
    for await (const entry of pipeline as AsyncIterable<{ key: number; value: unknown }>) {
      onBytes(position.bytes)
      yield entry.value
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ImportFileError(
      file,
      position.line,
      `${file} is not valid JSON near line ${position.line} (byte ${position.bytes}): ${reason}`
    )
  } finally {
    input.destroy()
  }
}

/**
 * The streaming JSON parser, loaded on the first import only: its modules take a noticeable
 * part of the core's start, and most starts import nothing.
 */
async function loadStreamJson(): Promise<{
  chain: typeof import('stream-chain').default
  parser: typeof import('stream-json').parser
  streamArray: typeof import('stream-json/streamers/stream-array.js').streamArray
}> {
  const [chain, json, array] = await Promise.all([
    import('stream-chain'),
    import('stream-json'),
    import('stream-json/streamers/stream-array.js')
  ])
  return { chain: chain.default, parser: json.parser, streamArray: array.streamArray }
}

export function fileSize(path: string): number {
  return statSync(path).size
}

export function openFile(path: string): Readable {
  return createReadStream(path)
}
