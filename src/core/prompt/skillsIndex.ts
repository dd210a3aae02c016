import { join } from 'node:path'
import { z } from 'zod'
import {
  parseFrontmatter,
  shortDescription,
  skillFromMarkdown,
  type SkillEntry,
  type SkillSet
} from '../domain/prompt/skills'
import { writeFileAtomic } from '../home/atomicWrite'
import { isInside } from '../home/containedPath'
import type { PromptFileSystem } from './promptFileSystem'

/** Folders never walked (tool caches and VCS data), and the asset folders inside a skill. */
const SKIP_DIRS = new Set([
  '.git',
  '.github',
  '.hub',
  '.archive',
  '.venv',
  'venv',
  'node_modules',
  'site-packages',
  '__pycache__',
  '.tox',
  '.nox',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache'
])
const SKILL_ASSET_DIRS = new Set(['references', 'templates', 'assets', 'scripts'])
/** Symlinks inside the skills folder are followed; the depth cap stops a link loop. */
const MAX_DEPTH = 8
/** 3: entries carry their SKILL.md's path (2 added the scanner's `blocked` ids); older snapshots are parsed again. */
const SNAPSHOT_VERSION = 3

/** relative path → [mtimeMs, size] of every SKILL.md and DESCRIPTION.md. */
export type SkillsManifest = Record<string, readonly [number, number]>

const SkillEntrySchema = z.object({
  category: z.string(),
  dirName: z.string(),
  name: z.string(),
  description: z.string(),
  platforms: z.array(z.string()),
  blocked: z.array(z.string()),
  path: z.string()
})
const SnapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  manifest: z.record(z.string(), z.tuple([z.number(), z.number()])),
  skills: z.array(SkillEntrySchema),
  categoryDescriptions: z.record(z.string(), z.string())
})

export type SkillsSource = 'memory' | 'snapshot' | 'scan'

export interface SkillsLoad {
  readonly set: SkillSet
  /** Where the parsed skills came from: this process's cache, the disk snapshot, or a fresh parse. */
  readonly source: SkillsSource
  /** Links that lead out of the skills folder, which were not followed. */
  readonly warnings: readonly string[]
}

interface Walk {
  readonly manifest: SkillsManifest
  readonly warnings: readonly string[]
}

/**
 * The skills index with two caches: in memory, and a disk snapshot (`.skills_snapshot.json`)
 * keyed by every skill file's mtime and size. Each load only walks and stats the tree; files are
 * read and parsed only when the manifest changed, so a new process starts warm too.
 */
export class SkillsIndex {
  private cached: { readonly key: string; readonly set: SkillSet } | null = null

  constructor(
    private readonly fs: PromptFileSystem,
    private readonly root: string,
    private readonly snapshotPath: string
  ) {}

  load(): SkillsLoad {
    const { manifest, warnings } = this.walk()
    const key = JSON.stringify(manifest)
    if (this.cached?.key === key) return { set: this.cached.set, source: 'memory', warnings }
    const fromDisk = this.readSnapshot(key)
    const set = fromDisk ?? this.parseAll(manifest)
    this.cached = { key, set }
    if (!fromDisk) this.writeSnapshot(manifest, set)
    return { set, source: fromDisk ? 'snapshot' : 'scan', warnings }
  }

  /**
   * Walks the tree (sorted, so the manifest key is deterministic); only skill files are stat'ed.
   * A link is followed only while it resolves inside the skills folder: a skill linking to
   * ~/.ssh must not put that folder's files in front of the model.
   */
  private walk(): Walk {
    const manifest: SkillsManifest = {}
    const warnings: string[] = []
    const realRoot = this.fs.realPath(this.root)
    const leadsOut = (path: string): boolean => {
      const real = this.fs.realPath(path)
      return realRoot === null || real === null || !isInside(real, realRoot)
    }
    const visit = (dir: string, rel: string, depth: number): void => {
      const entries = this.fs.entries(dir)
      const isSkillDir = entries.some((entry) => entry.name === 'SKILL.md')
      for (const entry of entries) {
        const path = join(dir, entry.name)
        const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`
        if (entry.kind === 'symlink' && leadsOut(path)) {
          warnings.push(
            `skills/${relPath} is a link to somewhere outside the skills folder; it was not loaded.`
          )
          continue
        }
        const isTracked = entry.name === 'SKILL.md' || entry.name === 'DESCRIPTION.md'
        // Symlinks are resolved with a stat; plain files and folders are known from the listing.
        const stat =
          entry.kind === 'symlink' || (entry.kind === 'file' && isTracked) ? this.fs.stat(path) : null
        if (isTracked && stat?.isFile) manifest[relPath] = [stat.mtimeMs, stat.size]
        const isDirectory =
          entry.kind === 'directory' || (entry.kind === 'symlink' && stat?.isDirectory === true)
        if (
          !isDirectory ||
          depth >= MAX_DEPTH ||
          SKIP_DIRS.has(entry.name) ||
          (isSkillDir && SKILL_ASSET_DIRS.has(entry.name))
        )
          continue
        visit(path, relPath, depth + 1)
      }
    }
    if (this.fs.stat(this.root)?.isDirectory) visit(this.root, '', 0)
    return { manifest, warnings }
  }

  private parseAll(manifest: SkillsManifest): SkillSet {
    const skills: SkillEntry[] = []
    const categoryDescriptions: Record<string, string> = {}
    for (const relPath of Object.keys(manifest)) {
      const parts = relPath.split('/')
      const read = this.fs.read(join(this.root, relPath), relPath, this.root)
      const text = read.kind === 'ok' ? read.text : ''
      if (parts.at(-1) === 'DESCRIPTION.md') {
        const description = shortDescription(parseFrontmatter(text).description)
        if (parts.length > 1 && description !== '')
          categoryDescriptions[parts.slice(0, -1).join('/')] = description
        continue
      }
      skills.push(skillFromMarkdown(...locate(parts), text, relPath))
    }
    return { skills, categoryDescriptions }
  }

  private readSnapshot(key: string): SkillSet | null {
    const read = this.fs.read(this.snapshotPath, '.skills_snapshot.json')
    if (read.kind !== 'ok') return null
    try {
      const snapshot = SnapshotSchema.parse(JSON.parse(read.text))
      if (JSON.stringify(snapshot.manifest) !== key) return null
      return { skills: snapshot.skills, categoryDescriptions: snapshot.categoryDescriptions }
    } catch {
      return null
    }
  }

  private writeSnapshot(manifest: SkillsManifest, set: SkillSet): void {
    const snapshot = {
      version: SNAPSHOT_VERSION,
      manifest,
      skills: set.skills,
      categoryDescriptions: set.categoryDescriptions
    }
    try {
      writeFileAtomic(this.snapshotPath, `${JSON.stringify(snapshot)}\n`)
    } catch {
      // The snapshot is only a speed-up; a read-only home still gets a correct index.
    }
  }
}

/**
 * Category and folder of a SKILL.md from its relative path: `cat/sub/skill/SKILL.md` →
 * (`cat/sub`, `skill`); `skill/SKILL.md` → (`skill`, `skill`); a root `SKILL.md` → `general`.
 */
export function locate(parts: readonly string[]): [category: string, dirName: string] {
  if (parts.length >= 3) return [parts.slice(0, -2).join('/'), parts.at(-2) as string]
  if (parts.length === 2) return [parts[0] as string, parts[0] as string]
  return ['general', 'general']
}
