import { existsSync, readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { invalidInput } from '../errors'

/** Lists sub-folders (hidden ones omitted) so the web host can offer a folder picker. */
export function listDirs(dir: string | undefined): { dir: string; parent: string | null; dirs: string[] } {
  const target = resolve(dir ?? homedir())
  if (!isAbsolute(target) || !existsSync(target) || !statSync(target).isDirectory()) {
    throw invalidInput(`Not a folder: ${target}`)
  }
  const dirs = readdirSync(target, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => join(target, entry.name))
    .sort()
  const parent = dirname(target)
  return { dir: target, parent: parent === target ? null : parent, dirs }
}
