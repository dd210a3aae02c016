import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import { invalidInput } from '../errors'
import { mkdirPrivate, PRIVATE_FILE_MODE } from '../home/privateFiles'

/** An entry read whole into memory (the manifest) may not be larger than this. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024

/** A zip opened for reading: its entries by name (checked by yauzl: no absolute paths, no `..`). */
export interface Archive {
  readonly entries: ReadonlyMap<string, yauzl.Entry>
  read(entry: yauzl.Entry): Promise<Buffer>
  /** Streams an entry to a file, returning the sha256 and size of what was written. */
  extract(entry: yauzl.Entry, dest: string): Promise<{ sha256: string; bytes: number }>
  close(): void
}

export async function openArchive(file: string): Promise<Archive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error
        ? reject(invalidInput(`${file} is not a readable zip archive: ${error.message}`))
        : resolve(opened)
    )
  )
  const entries = await new Promise<Map<string, yauzl.Entry>>((resolve, reject) => {
    const found = new Map<string, yauzl.Entry>()
    zip.on('entry', (entry: yauzl.Entry) => {
      found.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.on('end', () => resolve(found))
    zip.on('error', (error: Error) => reject(invalidInput(`${file}: ${error.message}`)))
    zip.readEntry()
  })
  const open = (entry: yauzl.Entry): Promise<Readable> =>
    new Promise((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) =>
        error ? reject(invalidInput(`${file}: ${entry.fileName}: ${error.message}`)) : resolve(stream)
      )
    )
  return {
    entries,
    async read(entry) {
      if (entry.uncompressedSize > MAX_BUFFERED_BYTES)
        throw invalidInput(`${file}: ${entry.fileName} is too large to be a manifest.`)
      const chunks: Buffer[] = []
      for await (const chunk of await open(entry)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
    async extract(entry, dest) {
      mkdirPrivate(dirname(dest))
      const hash = createHash('sha256')
      let bytes = 0
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk)
          bytes += chunk.length
          done(null, chunk)
        }
      })
      await pipeline(
        await open(entry),
        tap,
        createWriteStream(dest, { mode: PRIVATE_FILE_MODE, flags: 'wx' })
      )
      return { sha256: hash.digest('hex'), bytes }
    },
    close: () => zip.close()
  }
}
