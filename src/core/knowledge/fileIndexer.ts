import { writeTransaction } from '../node/db/writeTransaction'
import { statSync } from 'node:fs'
import { z } from 'zod'
import { basename } from 'node:path'
import { KnowledgeKind } from '../../shared/contract/knowledge'
import { parseFrontmatter } from '../domain/prompt/skills'
import { withoutStarterHint } from '../home/defaultTexts'
import { readTextFile } from '../home/readText'
import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { parseEntries } from '../memory/memoryEntries'
import { parseMemoryFile } from '../memory/memoryFileFormat'
import { chunkFile, chunkText, MAX_FILE_CHUNKS } from './chunking'
import type { KnowledgeFile } from './fileSources'
import type { KnowledgeStore, Piece } from './knowledgeStore'
import type { Logger } from '../ports/logger'

/** Above this a file is cut into chunks as it is read, whatever its kind (entries included). */
const STREAM_ABOVE_BYTES = 1 << 20
/** Chunks of a big file indexed per call: a few tens of milliseconds, so nothing waits long. */
const SLICE_CHUNKS = 64

interface Mark {
  readonly mtimeMs: number
  readonly size: number
}

/**
 * Keeps the index in step with files on disk (the user edits them in any editor): a file whose
 * mtime or size changed is read again, a file that is gone is removed. Runs before a search and
 * between turns; a scan of unchanged files is one stat each.
 */
export class FileIndexer {
  private readonly marks
  private readonly setMark
  private readonly dropMark

  constructor(
    private readonly db: Db,
    private readonly store: KnowledgeStore,
    private readonly log: Logger
  ) {
    this.marks = db.prepare(
      'SELECT path, kind, mtime_ms, size FROM knowledge_files WHERE substr(path, 1, length(?)) = ?'
    )
    this.setMark = db.prepare(
      'INSERT INTO knowledge_files (path, kind, mtime_ms, size) VALUES (?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET kind = excluded.kind, mtime_ms = excluded.mtime_ms, size = excluded.size'
    )
    this.dropMark = db.prepare('DELETE FROM knowledge_files WHERE path = ?')
  }

  /**
   * Brings `files` up to date. A known file under `completeUnder` (a home-relative prefix; ''
   * for all) that is not in the list is gone and removed. A big file is indexed a slice at a
   * time: `unfinished` says one is partly done (or, without `bigFiles`, left for later) and the
   * next call goes on with it.
   */
  sync(
    files: readonly KnowledgeFile[],
    completeUnder: string,
    bigFiles = true
  ): { changed: number; unfinished: boolean } {
    const known = new Map<string, Mark & { kind: KnowledgeFile['kind'] }>()
    for (const row of readRows(this.marks.all(completeUnder, completeUnder), 'knowledge_files', (r) => ({
      path: r.text('path'),
      kind: r.oneOf('kind', KnowledgeKind.options),
      mtimeMs: r.int('mtime_ms'),
      size: r.int('size')
    })))
      known.set(row.path, row)
    let changed = 0
    let unfinished = false
    for (const file of files) {
      const stat = statSync(file.path, { throwIfNoEntry: false })
      const mark = known.get(file.rel)
      known.delete(file.rel)
      if (!stat?.isFile()) {
        if (mark) this.forget(file.kind, file.rel)
        changed += mark ? 1 : 0
        continue
      }
      const now = { mtimeMs: Math.floor(stat.mtimeMs), size: stat.size }
      if (mark && mark.mtimeMs === now.mtimeMs && mark.size === now.size) continue
      changed++
      if (unfinished) continue // one big file's slice per call
      if (!bigFiles && now.size > STREAM_ABOVE_BYTES) {
        unfinished = true // left to the background
        continue
      }
      writeTransaction(this.db, () => {
        const finished = this.index(file, now)
        if (finished) {
          this.setMark.run(file.rel, file.kind, now.mtimeMs, now.size)
          this.store.clearState(`file.${file.rel}`)
        } else unfinished = true
      })()
    }
    for (const [rel, mark] of known) {
      this.forget(mark.kind, rel)
      changed++
    }
    return { changed, unfinished }
  }

  private forget(kind: KnowledgeFile['kind'], rel: string): void {
    writeTransaction(this.db, () => {
      this.store.remove(kind, rel)
      this.dropMark.run(rel)
      this.store.clearState(`file.${rel}`)
    })()
  }

  /** Indexes the file, or the next slice of a big one; true when the file is done. */
  private index(file: KnowledgeFile, mark: Mark): boolean {
    const base = {
      audience: file.audience,
      agentId: file.agentId,
      sessionId: null,
      messageId: null,
      nexusId: null,
      seq: null,
      path: file.rel,
      ts: mark.mtimeMs
    }
    if (mark.size > STREAM_ABOVE_BYTES) return this.indexSlice(file, mark, base)
    const read = readTextFile(file.path)
    if (!read.ok) {
      this.log.warn(`knowledge: ${file.rel} was not indexed: ${read.reason}`)
      this.store.remove(file.kind, file.rel)
      return true
    }
    const pieces = piecesOf(file, read.text).map((part, chunk): Piece => ({ ...base, chunk, ...part }))
    this.store.replace(file.kind, file.rel, pieces)
    return true
  }

  /**
   * A big file is read in blocks and stored SLICE_CHUNKS chunks at a time, never as one string;
   * where it stands is kept in the index's state, so a kill resumes there.
   */
  private indexSlice(
    file: KnowledgeFile,
    mark: Mark,
    base: Omit<Piece, 'chunk' | 'title' | 'heading' | 'text'>
  ): boolean {
    const key = `file.${file.rel}`
    const saved = SliceState.safeParse(JSON.parse(this.store.state(key) ?? 'null'))
    const same = saved.success && saved.data.mtimeMs === mark.mtimeMs && saved.data.size === mark.size
    const from = same ? saved.data : { byte: 0, chunk: 0 }
    if (!same) this.store.remove(file.kind, file.rel)
    const title = basename(file.path)
    const room = Math.min(SLICE_CHUNKS, MAX_FILE_CHUNKS - from.chunk)
    const result = chunkFile(file.path, from, room, (text, chunk) =>
      this.store.add(file.kind, file.rel, {
        ...base,
        chunk,
        title: `${title} · part ${chunk + 1}`,
        heading: '',
        text
      })
    )
    if ('error' in result) {
      this.log.warn(`knowledge: ${file.rel} was not indexed: ${result.error}`)
      this.store.remove(file.kind, file.rel)
      return true
    }
    if (result.next === null) return true
    if (result.next.chunk >= MAX_FILE_CHUNKS) {
      this.log.warn(`knowledge: only the first ${MAX_FILE_CHUNKS} parts of ${file.rel} are indexed`)
      return true
    }
    this.store.setState(key, JSON.stringify({ ...mark, ...result.next }))
    return false
  }
}

/** Where a big file's indexing stands, for the file as it was (mtime and size) when it began. */
const SliceState = z.object({
  mtimeMs: z.number(),
  size: z.number(),
  byte: z.number().int(),
  chunk: z.number().int()
})

/** What one file holds as searchable pieces: entries, or the text cut into chunks. */
function piecesOf(file: KnowledgeFile, text: string): { title: string; heading: string; text: string }[] {
  const name = basename(file.path)
  switch (file.kind) {
    case 'memory_entry':
    case 'user_entry': {
      const entries = parseEntries(text)
      const kept = file.kind === 'user_entry' ? withoutStarterHint(entries) : entries
      return kept.flatMap((entry, index) =>
        chunkText(entry).map((part) => ({ title: `${name} · entry ${index + 1}`, heading: '', text: part }))
      )
    }
    case 'memory_file': {
      const parsed = parseMemoryFile(text)
      const body = [parsed.description, parsed.body].filter((part) => part.trim() !== '').join('\n')
      return titled(parsed.name || name.replace(/\.md$/, ''), body, 'name')
    }
    case 'skill': {
      const meta = parseFrontmatter(text)
      const skillName =
        typeof meta.name === 'string' ? meta.name : basename(file.path.slice(0, -'/SKILL.md'.length))
      return titled(`Skill ${skillName}`, text, skillName)
    }
    case 'wiki': {
      // The front matter is for Obsidian; a snippet of it would say nothing to the reader.
      const body = text.replace(/^---\n[\s\S]*?\n---\n/, '')
      return titled(/^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? name.replace(/\.md$/, ''), body, 'name')
    }
    case 'project_state':
      return titled('Project state', text, '')
    default:
      return titled(name, text, '')
  }
}

/** `heading`: the name to search by ('name': the title itself; '' when the title is only a label). */
function titled(
  title: string,
  text: string,
  heading: string
): { title: string; heading: string; text: string }[] {
  const chunks = chunkText(text)
  return chunks.map((part, index) => ({
    title: chunks.length > 1 ? `${title} · part ${index + 1}` : title,
    heading: heading === 'name' ? title : heading,
    text: part
  }))
}
