import { realpathSync } from 'node:fs'
import { sep } from 'node:path'

export type ContainedPath =
  | { readonly ok: true; readonly real: string }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string }

function realOf(path: string): string | null {
  try {
    return realpathSync(path)
  } catch {
    return null
  }
}

/** True when `real` is `root` itself or lies below it (both already real paths). */
export function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep)
}

/**
 * Resolves a file the model is about to read to its real path and checks that the path stays
 * inside `root` (the home, the skills folder, the project). A symlink may point anywhere — a
 * skill linking to ~/.ssh/id_rsa, a repository whose AGENTS.md links to a secret — and what it
 * points at must not reach the model just because the link sits in an allowed folder.
 */
export function realPathWithin(path: string, root: string, label = path): ContainedPath {
  const real = realOf(path)
  if (real === null) return { ok: false, missing: true, reason: `${label} does not exist` }
  const realRoot = realOf(root)
  if (realRoot === null || !isInside(real, realRoot))
    return { ok: false, missing: false, reason: outsideReason(label, real, realRoot ?? root) }
  return { ok: true, real }
}

export function outsideReason(label: string, real: string, root: string): string {
  return `${label} is a link to ${real}, outside ${root}; it was not loaded`
}
