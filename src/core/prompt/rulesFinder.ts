import { dirname, join } from 'node:path'
import type { RulesKind, RulesSource, SourceFile } from '../domain/prompt/promptTypes'
import type { PromptFileSystem } from './promptFileSystem'

export interface RulesSearch {
  readonly rules: RulesSource | null
  /** Files that exist but could not be used (binary, too large, invalid UTF-8). */
  readonly warnings: readonly string[]
}

/** Searched upward to the git root, nearest first: Hearth's own, then Hermes's, so a project set up for Hermes works as it is. */
const UPWARD_KINDS: ReadonlyArray<readonly [RulesKind, readonly string[]]> = [
  ['hearth', ['.hearth.md', 'HEARTH.md']],
  ['hermes', ['.hermes.md', 'HERMES.md']]
]
const FOLDER_KINDS: ReadonlyArray<readonly [RulesKind, readonly string[]]> = [
  ['agents', ['AGENTS.md', 'agents.md']],
  ['claude', ['CLAUDE.md', 'claude.md']]
]

/** The nearest folder from `start` upward that has a `.git` entry (folder or worktree file). */
export function findGitRoot(fs: PromptFileSystem, start: string): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    if (fs.stat(join(dir, '.git')) !== null) return dir
    if (dirname(dir) === dir) return null
  }
}

/** Folders searched for `.hearth.md` and `.hermes.md`: the project folder up to and including the git root. */
function upwardSearchDirs(fs: PromptFileSystem, cwd: string): string[] {
  const root = findGitRoot(fs, cwd)
  if (root === null) return [cwd]
  const dirs: string[] = []
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir)
    if (dir === root || dirname(dir) === dir) return dirs
  }
}

/**
 * Picks the project rules, first found wins and exactly one kind loads:
 * `.hearth.md`/`HEARTH.md` (nearest, up to the git root), then `.hermes.md`/`HERMES.md` (the
 * same way), then `AGENTS.md`/`agents.md`, then
 * `CLAUDE.md`/`claude.md`, then `.cursorrules` + `.cursor/rules/*.mdc` (the last three in the
 * project folder only). Empty or unreadable files count as absent.
 */
export function findProjectRules(fs: PromptFileSystem, cwd: string): RulesSearch {
  const warnings: string[] = []
  // A rules file may be a link, but only to a file of the same repository (or project folder).
  const root = findGitRoot(fs, cwd) ?? cwd
  const load = (path: string, label: string): SourceFile | null => {
    const read = fs.read(path, label, root)
    if (read.kind === 'error') warnings.push(`${read.reason}; looking for another rules file.`)
    return read.kind === 'ok' && read.text.trim() !== ''
      ? { path, label, text: read.text, error: null }
      : null
  }
  for (const [kind, names] of UPWARD_KINDS) {
    const nearest = nearestUpward(fs, cwd, names)
    const file = nearest ? load(nearest.path, nearest.label) : null
    if (file) return { rules: { kind, files: [file] }, warnings }
  }
  for (const [kind, names] of FOLDER_KINDS) {
    for (const name of names) {
      if (!fs.stat(join(cwd, name))?.isFile) continue
      const file = load(join(cwd, name), name)
      if (file) return { rules: { kind, files: [file] }, warnings }
    }
  }
  const cursor = cursorFiles(fs, cwd, load)
  return { rules: cursor.length > 0 ? { kind: 'cursor', files: cursor } : null, warnings }
}

/** The nearest file of one of `names`; it is used even when empty (then the search moves on). */
function nearestUpward(
  fs: PromptFileSystem,
  cwd: string,
  names: readonly string[]
): { path: string; label: string } | null {
  for (const dir of upwardSearchDirs(fs, cwd)) {
    for (const name of names) {
      const path = join(dir, name)
      if (fs.stat(path)?.isFile) return { path, label: name }
    }
  }
  return null
}

function cursorFiles(
  fs: PromptFileSystem,
  cwd: string,
  load: (path: string, label: string) => SourceFile | null
): SourceFile[] {
  const files: SourceFile[] = []
  const rulesFile = join(cwd, '.cursorrules')
  if (fs.stat(rulesFile)?.isFile) {
    const file = load(rulesFile, '.cursorrules')
    if (file) files.push(file)
  }
  const mdcDir = join(cwd, '.cursor', 'rules')
  for (const name of fs.list(mdcDir).filter((entry) => entry.endsWith('.mdc'))) {
    if (!fs.stat(join(mdcDir, name))?.isFile) continue
    const file = load(join(mdcDir, name), `.cursor/rules/${name}`)
    if (file) files.push(file)
  }
  return files
}
