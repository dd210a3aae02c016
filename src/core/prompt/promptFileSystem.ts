import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs'
import { outsideReason, isInside } from '../home/containedPath'
import { decodeText } from '../home/readText'
import { normalizeText } from '../domain/prompt/text'

/** Prompt files above this size are not loaded at all: a 50 MB rules file is a mistake, not rules. */
export const PROMPT_FILE_MAX_BYTES = 10 * 1024 * 1024

export interface EntryStat {
  readonly isFile: boolean
  readonly isDirectory: boolean
  readonly mtimeMs: number
  readonly size: number
}

export type PromptFileRead =
  | { readonly kind: 'ok'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'error'; readonly reason: string }

/**
 * The file access prompt assembly needs (a port, so the gathering logic is testable with a fake
 * and the domain never touches the disk). `stat` follows symlinks; null means "nothing there".
 */
export interface PromptFileSystem {
  /** With `within`, a path whose real location (links resolved) is outside that folder is refused. */
  read(path: string, label: string, within?: string): PromptFileRead
  stat(path: string): EntryStat | null
  /** The path with every link resolved; null when nothing is there. */
  realPath(path: string): string | null
  list(dir: string): string[]
  /** Sorted entries with their kind from the directory listing itself (no stat per entry). */
  entries(dir: string): DirEntry[]
}

export interface DirEntry {
  readonly name: string
  readonly kind: 'file' | 'directory' | 'symlink' | 'other'
}

/** The real file system. Text comes back BOM-free with LF line ends. */
export const nodePromptFileSystem: PromptFileSystem = {
  read(path, label, within) {
    const stat = nodePromptFileSystem.stat(path)
    if (stat === null) return { kind: 'missing' }
    const outside = within === undefined ? null : outsideOf(nodePromptFileSystem, path, within, label)
    if (outside !== null) return { kind: 'error', reason: outside }
    if (!stat.isFile) return { kind: 'error', reason: `${label} (${path}) is not a regular file` }
    if (stat.size > PROMPT_FILE_MAX_BYTES) {
      const mb = (stat.size / 1048576).toFixed(1)
      return {
        kind: 'error',
        reason: `${label} is ${mb} MB, over the 10 MB limit for prompt files; it was not loaded (trim it to use it)`
      }
    }
    let bytes: Buffer
    try {
      bytes = readFileSync(path)
    } catch (error) {
      return { kind: 'error', reason: `${label} could not be read: ${(error as Error).message}` }
    }
    const decoded = decodeText(bytes, label)
    return decoded.ok
      ? { kind: 'ok', text: normalizeText(decoded.text) }
      : { kind: 'error', reason: decoded.reason }
  },
  stat(path) {
    try {
      const stat = statSync(path)
      return {
        isFile: stat.isFile(),
        isDirectory: stat.isDirectory(),
        mtimeMs: stat.mtimeMs,
        size: stat.size
      }
    } catch {
      return null
    }
  },
  realPath(path) {
    try {
      return realpathSync(path)
    } catch {
      return null
    }
  },
  list(dir) {
    try {
      return readdirSync(dir).sort()
    } catch {
      return []
    }
  },
  entries(dir) {
    try {
      return readdirSync(dir, { withFileTypes: true })
        .map((entry): DirEntry => ({
          name: entry.name,
          kind: entry.isFile()
            ? 'file'
            : entry.isDirectory()
              ? 'directory'
              : entry.isSymbolicLink()
                ? 'symlink'
                : 'other'
        }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    } catch {
      return []
    }
  }
}

/** Why `path` may not be read as part of `root` (it resolves outside it), or null when it may. */
export function outsideOf(fs: PromptFileSystem, path: string, root: string, label: string): string | null {
  const real = fs.realPath(path)
  const realRoot = fs.realPath(root)
  if (real === null || (realRoot !== null && isInside(real, realRoot))) return null
  return outsideReason(label, real, realRoot ?? root)
}
