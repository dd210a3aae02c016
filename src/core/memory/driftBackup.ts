import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** How many snapshots of one file are kept; older ones are deleted after each new one. */
export const DRIFT_BACKUPS_KEPT = 5

/** `MEMORY.md.bak.<unix seconds>[-n]` siblings of a file, newest first. */
function backupsOf(path: string): { path: string; ms: number }[] {
  const prefix = `${basename(path)}.bak.`
  let names: string[]
  try {
    names = readdirSync(dirname(path))
  } catch {
    return []
  }
  return names
    .filter((name) => name.startsWith(prefix))
    .map((name) => {
      const full = join(dirname(path), name)
      return { path: full, ms: statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0 }
    })
    .sort((a, b) => b.ms - a.ms || (a.path < b.path ? 1 : -1))
}

/**
 * Keeps a copy of a file the memory tool refuses to rewrite, so the user can see what was there.
 * The same content is stored once however often the refusal repeats (four refusals of a 50 MB
 * file cost 50 MB, not 200 MB), and only the newest five snapshots of a file are kept.
 */
export function backupFile(path: string, seconds: number): string {
  if (!existsSync(path)) return '(no file to back up)'
  const bytes = readFileSync(path)
  const existing = backupsOf(path)
  const same = existing.find(
    (backup) =>
      statSync(backup.path, { throwIfNoEntry: false })?.size === bytes.length &&
      readFileSync(backup.path).equals(bytes)
  )
  if (same) return same.path
  let candidate = `${path}.bak.${seconds}`
  for (let n = 2; existsSync(candidate); n++) candidate = `${path}.bak.${seconds}-${n}`
  copyFileSync(path, candidate)
  chmodSync(candidate, 0o600)
  for (const old of backupsOf(path).slice(DRIFT_BACKUPS_KEPT)) rmSync(old.path, { force: true })
  return candidate
}
