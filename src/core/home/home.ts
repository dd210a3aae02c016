import { existsSync, mkdirSync } from 'node:fs'
import { writeFileAtomic } from './atomicWrite'
import { ConfigStore } from './configStore'
import { DEFAULT_USER_MD } from './defaultTexts'
import { homePaths, type HomePaths } from './homePaths'

/** Creates the home folder layout on first use. Idempotent; never overwrites a user's file. */
export function ensureHome(root: string): HomePaths {
  const paths = homePaths(root)
  for (const dir of [paths.root, paths.agents, paths.skills, paths.nexus]) mkdirSync(dir, { recursive: true })
  if (!existsSync(paths.user)) writeFileAtomic(paths.user, DEFAULT_USER_MD)
  new ConfigStore(paths.config).ensureFile()
  return paths
}
