import { existsSync, statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { invalidInput } from '../errors'

/**
 * The one check every entry point runs on a project folder (chat, Prompt view, Files), so a
 * session stores, and its prompt names, exactly the path the Prompt view previewed: absolute,
 * normalised (no trailing slash, no `..`), an existing folder. Hosts resolve relative paths
 * against their own working directory before calling.
 */
export function checkProjectFolder(dir: string): string {
  if (!isAbsolute(dir)) throw invalidInput(`Project folder must be an absolute path: ${dir}`)
  const normalised = resolve(dir)
  if (!existsSync(normalised) || !statSync(normalised).isDirectory())
    throw invalidInput(`Project folder does not exist or is not a folder: ${normalised}`)
  return normalised
}
