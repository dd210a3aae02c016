import { accessSync, constants, existsSync } from 'node:fs'
import { writeFileAtomic } from './atomicWrite'
import { ConfigStore } from './configStore'
import { DEFAULT_USER_MD } from './defaultTexts'
import { homePaths, type HomePaths } from './homePaths'
import { mkdirPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenMode } from './privateFiles'

export interface OpenedHome {
  readonly paths: HomePaths
  /** The folder (or its database) cannot be written: list, show and assemble only. */
  readonly readOnly: boolean
}

/** Creates the home folder layout on first use. Idempotent; never overwrites a user's file. */
export function ensureHome(root: string): HomePaths {
  const paths = homePaths(root)
  for (const dir of [paths.root, paths.agents, paths.skills, paths.nexus]) mkdirPrivate(dir)
  tightenMode(paths.root, PRIVATE_DIR_MODE)
  for (const file of [paths.db, paths.config, paths.user]) tightenMode(file, PRIVATE_FILE_MODE)
  if (!existsSync(paths.user)) writeFileAtomic(paths.user, DEFAULT_USER_MD)
  new ConfigStore(paths.config).ensureFile()
  return paths
}

/**
 * Opens an existing home as it is when it cannot be written (a backup mounted read-only, a home
 * shared from another account), else creates or updates its layout.
 */
export function openHome(root: string): OpenedHome {
  if (isReadOnlyHome(root)) return { paths: homePaths(root), readOnly: true }
  return { paths: ensureHome(root), readOnly: false }
}

function isReadOnlyHome(root: string): boolean {
  if (!existsSync(root)) return false
  const db = homePaths(root).db
  return !writable(root) || (existsSync(db) && !writable(db))
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}
