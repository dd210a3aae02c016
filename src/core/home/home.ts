import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { writeFileAtomic } from './atomicWrite'
import { parseConfig, type LoadedConfig } from './config'
import { DEFAULT_USER_MD } from './defaultTexts'
import { homePaths, type HomePaths } from './homePaths'

/** Creates the home folder layout on first use. Idempotent; never overwrites a user's file. */
export function ensureHome(root: string): HomePaths {
  const paths = homePaths(root)
  for (const dir of [paths.root, paths.agents, paths.skills, paths.nexus]) mkdirSync(dir, { recursive: true })
  if (!existsSync(paths.user)) writeFileAtomic(paths.user, DEFAULT_USER_MD)
  if (!existsSync(paths.config)) writeFileAtomic(paths.config, '{}\n')
  return paths
}

/** Reads config.json; a malformed file is reported and defaults used, and the file is left as is. */
export function loadConfig(paths: HomePaths): LoadedConfig {
  let text: string | undefined
  try {
    text = readFileSync(paths.config, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      return { ...parseConfig(undefined), errors: [`config.json could not be read: ${(error as Error).message}`] }
    }
  }
  return parseConfig(text)
}
