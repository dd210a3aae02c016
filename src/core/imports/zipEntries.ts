import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { ImportFileError } from './importTypes'

/** One entry of a zip archive: its name and size, and a way to read it as a stream. */
export interface ZipEntryHandle {
  readonly name: string
  readonly size: number
  open(): Promise<Readable>
  close(): void
}

/**
 * Finds an entry of a zip (an export's `conversations.json`) without extracting the archive: the
 * central directory is read, then only that entry is inflated, as a stream.
 */
export async function findZipEntry(
  file: string,
  matches: (name: string) => boolean
): Promise<ZipEntryHandle | null> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error
        ? reject(new ImportFileError(file, null, `${file} is not a readable zip archive: ${error.message}`))
        : resolve(opened)
    )
  )
  const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
    zip.on('entry', (found: yauzl.Entry) => (matches(found.fileName) ? resolve(found) : zip.readEntry()))
    zip.on('end', () => resolve(null))
    zip.on('error', (error: Error) => reject(new ImportFileError(file, null, `${file}: ${error.message}`)))
    zip.readEntry()
  })
  if (entry === null) {
    zip.close()
    return null
  }
  return {
    name: entry.fileName,
    size: entry.uncompressedSize,
    open: () =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) =>
          error ? reject(new ImportFileError(file, null, `${file}: ${error.message}`)) : resolve(stream)
        )
      ),
    close: () => zip.close()
  }
}
