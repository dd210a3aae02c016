import { chmodSync, mkdirSync, statSync } from 'node:fs'

/** Transcripts, memory and the key's origin are nobody else's business: folders 0700, files 0600. */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** `mkdir -p` whose new folders only the owner can enter. */
export function mkdirPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/**
 * Takes group and other access away from a path an older Hearth created with the default umask.
 * Best effort: a file owned by another user, or on a read-only mount, keeps its mode.
 */
export function tightenMode(path: string, mode: number): void {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat || (stat.mode & 0o077) === 0) return
  try {
    chmodSync(path, mode)
  } catch {
    // Not ours to change; the home folder's own 0700 still keeps others out.
  }
}
