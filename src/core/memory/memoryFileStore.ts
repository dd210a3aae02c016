import { createHash } from 'node:crypto'
import { existsSync, readdirSync, realpathSync, renameSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { MemoryFileDocument, MemoryFileItem } from '../../shared/contract/memories'
import { conflict, HearthError, invalidInput, notFound } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import type { HomePaths } from '../home/homePaths'
import { readTextFile } from '../home/readText'
import { parseMemoryFile } from './memoryFileFormat'
import { mkdirPrivate } from '../home/privateFiles'
import type { AgentId } from '../../shared/contract'

/** Where forgotten memory files wait: recall only reads the memories folder itself, never below it. */
const FORGOTTEN_DIR = '.forgotten'
const EXCERPT_CHARS = 240

/**
 * The long-form memories of an agent, one markdown file each under agents/<id>/memories/. The
 * user lists, reads and edits them here; forgetting moves a file into memories/.forgotten/
 * (out of recall, still on disk) and restoring moves it back. Names are checked to stay inside
 * the folder, following symlinks too.
 */
export class MemoryFileStore {
  constructor(private readonly paths: HomePaths) {}

  list(agentId: AgentId, forgotten = false): MemoryFileItem[] {
    const dir = this.dir(agentId, forgotten)
    if (!existsSync(dir)) return []
    const slugs = readdirSync(dir)
      .filter((name) => name.endsWith('.md') && !name.startsWith('.'))
      .map((name) => name.slice(0, -3))
    return slugs
      .flatMap((slug) => this.listed(agentId, slug, forgotten))
      .sort((a, b) => b.modifiedAtMs - a.modifiedAtMs || a.slug.localeCompare(b.slug))
  }

  read(agentId: AgentId, slug: string, forgotten = false): MemoryFileDocument {
    const doc = this.load(agentId, slug, forgotten)
    if (doc === null)
      throw notFound(
        `No memory file "${slug}.md" ${forgotten ? 'among the forgotten ones' : 'in'} ${this.dir(agentId, forgotten)}.`
      )
    return doc
  }

  /** Saves the whole text; refused when the file changed on disk since it was read (`baseHash`). */
  write(agentId: AgentId, slug: string, text: string, baseHash: string): MemoryFileDocument {
    const current = this.read(agentId, slug)
    if (current.hash !== baseHash) {
      throw conflict(
        `memories/${slug}.md changed on disk since you opened it; your text was not saved. Reopen the file to see the new version.`
      )
    }
    writeFileAtomic(current.path, text)
    return this.read(agentId, slug)
  }

  forget(agentId: AgentId, slug: string): MemoryFileItem {
    const from = this.read(agentId, slug)
    const dir = this.dir(agentId, true)
    mkdirPrivate(dir)
    const to = freeName(dir, slug)
    renameSync(from.path, this.contained(dir, to))
    return withoutText(this.read(agentId, to, true))
  }

  restore(agentId: AgentId, slug: string): MemoryFileItem {
    const from = this.read(agentId, slug, true)
    const target = this.contained(this.dir(agentId, false), slug)
    if (existsSync(target))
      throw conflict(
        `memories/${slug}.md exists again; rename or forget that file before restoring this one.`
      )
    renameSync(from.path, target)
    return withoutText(this.read(agentId, slug))
  }

  private dir(agentId: AgentId, forgotten: boolean): string {
    const dir = this.paths.memoriesDir(agentId)
    return forgotten ? join(dir, FORGOTTEN_DIR) : dir
  }

  /** The file's path, refused when the name would point outside `dir` (directly or through a symlink). */
  private contained(dir: string, slug: string): string {
    const root = resolve(dir)
    const path = resolve(root, `${slug}.md`)
    const inside = (candidate: string, base: string): boolean => candidate.startsWith(base + sep)
    if (!inside(path, root))
      throw new HearthError('forbidden', `The memory file name "${slug}" would leave ${root}.`)
    if (existsSync(path) && existsSync(root) && !inside(realpathSync(path), realpathSync(root))) {
      throw new HearthError(
        'forbidden',
        `memories/${slug}.md points outside ${root}; Hearth does not follow it.`
      )
    }
    return path
  }

  /** A file for the list: readable or not (one bad file must not hide the others), gone between readdir and read: skipped. */
  private listed(agentId: AgentId, slug: string, forgotten: boolean): MemoryFileItem[] {
    try {
      const doc = this.load(agentId, slug, forgotten)
      return doc === null ? [] : [withoutText(doc)]
    } catch (error) {
      const path = join(this.dir(agentId, forgotten), `${slug}.md`)
      const stat = statSync(path, { throwIfNoEntry: false })
      const problem = error instanceof Error ? error.message : String(error)
      const blank = { name: '', description: '', type: '', source: '', excerpt: '' }
      return [
        {
          agentId,
          slug,
          path,
          ...blank,
          sizeBytes: stat?.size ?? 0,
          modifiedAtMs: Math.floor(stat?.mtimeMs ?? 0),
          forgotten,
          problem
        }
      ]
    }
  }

  private load(agentId: AgentId, slug: string, forgotten: boolean): MemoryFileDocument | null {
    const path = this.contained(this.dir(agentId, forgotten), slug)
    const read = readTextFile(path)
    if (!read.ok) {
      if (read.missing) return null
      throw invalidInput(read.reason)
    }
    const parsed = parseMemoryFile(read.text)
    const body = parsed.body
    return {
      agentId,
      slug,
      path,
      name: parsed.name,
      description: parsed.description,
      type: parsed.type,
      source: parsed.source,
      excerpt: body.length > EXCERPT_CHARS ? `${body.slice(0, EXCERPT_CHARS)}…` : body,
      sizeBytes: read.bytes.length,
      modifiedAtMs: Math.floor(statSync(path).mtimeMs),
      forgotten,
      problem: null,
      // The editor gets the file as it is, a byte-order mark included, so a save keeps it.
      text: hasBom(read.bytes) && !read.text.startsWith('\uFEFF') ? `\uFEFF${read.text}` : read.text,
      hash: createHash('sha256').update(read.bytes).digest('hex')
    }
  }
}

function hasBom(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
}

function withoutText(doc: MemoryFileDocument): MemoryFileItem {
  const { text: _text, hash: _hash, ...item } = doc
  return item
}

/** `slug`, or `slug (2)`, `slug (3)`… when a forgotten file already has that name. */
function freeName(dir: string, slug: string): string {
  let candidate = slug
  for (let n = 2; existsSync(join(dir, `${candidate}.md`)); n++) candidate = `${slug} (${n})`
  return candidate
}
