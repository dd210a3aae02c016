import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileSize, openFile } from './jsonArrayStream'
import { ImportFileError, type ImportMeasure } from './importTypes'
import { findZipEntry } from './zipEntries'

/** The `conversations.json` of a chat export: read from the zip as it came, a folder it was unzipped to, or the file itself. */
export interface ConversationsFile {
  readonly label: string
  readonly size: number
  open(): Promise<Readable>
  close(): void
}

export async function conversationsFile(path: string): Promise<ConversationsFile> {
  if (!existsSync(path)) throw new ImportFileError(path, null, `${path} does not exist`)
  if (statSync(path).isDirectory()) {
    const inside = join(path, 'conversations.json')
    if (!existsSync(inside))
      throw new ImportFileError(
        path,
        null,
        `${path} has no conversations.json; give the export's zip or that file`
      )
    return plainFile(inside)
  }
  if (path.toLowerCase().endsWith('.zip')) {
    const entry = await findZipEntry(path, (name) => /(^|\/)conversations\.json$/.test(name))
    if (entry === null)
      throw new ImportFileError(
        path,
        null,
        `${path} holds no conversations.json; is it the data export's zip?`
      )
    return {
      label: `${path}:${entry.name}`,
      size: entry.size,
      open: () => entry.open(),
      close: () => entry.close()
    }
  }
  return plainFile(path)
}

function plainFile(file: string): ConversationsFile {
  return { label: file, size: fileSize(file), open: async () => openFile(file), close: () => undefined }
}

/** An export is measured by its conversations.json's bytes (inside the zip: uncompressed, as the parser counts them). */
export async function measureExport(path: string): Promise<ImportMeasure> {
  const file = await conversationsFile(path)
  try {
    return { unit: 'bytes', total: file.size }
  } finally {
    file.close()
  }
}

/** Seconds (float) or an ISO string, as exports write times, to epoch ms; `fallback` when missing or absurd. */
export function timeMs(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return Math.round(value < 1e11 ? value * 1000 : value)
  if (typeof value === 'string') {
    const parsed = Date.parse(value)
    if (Number.isFinite(parsed)) return parsed
  }
  return fallback
}

/** A chat's title as the export gave it, or the start of its first message. */
export function titleOf(title: unknown, firstText: string | undefined): string {
  if (typeof title === 'string' && title.trim() !== '') return title.trim().slice(0, 200)
  const words = (firstText ?? '').replace(/\s+/g, ' ').trim()
  return words === '' ? 'Imported chat' : words.slice(0, 60)
}
