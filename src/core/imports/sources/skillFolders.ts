import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { SkillItem, SkipItem } from '../importTypes'

/** Folders never walked for skills (version control, environments, caches). */
const NEVER = new Set([
  '.git',
  '.github',
  '.hub',
  '.archive',
  '.venv',
  'venv',
  'node_modules',
  'site-packages',
  '__pycache__'
])
const MAX_FILE_BYTES = 1024 * 1024
const MAX_FILES = 200

/**
 * The skills under a `skills/` folder laid out `<category>[/<sub>…]/<skill>/SKILL.md`: each folder
 * holding a SKILL.md is one skill with every file beside and below it (scripts, references), as
 * `category/name`. A file over 1 MB, or past 200 files, is left out and said.
 */
export function* skillFolders(root: string, label: string): Generator<SkillItem | SkipItem> {
  const stack = [root]
  while (stack.length > 0) {
    const dir = stack.pop() as string
    const names = safeList(dir)
    if (names.includes('SKILL.md') && dir !== root) {
      yield* oneSkill(root, dir, label)
      continue
    }
    for (const name of names.sort().reverse()) {
      const full = join(dir, name)
      if (!NEVER.has(name) && safeStat(full)?.isDirectory()) stack.push(full)
    }
  }
}

function* oneSkill(root: string, dir: string, label: string): Generator<SkillItem | SkipItem> {
  const path = relative(root, dir).split(sep).join('/')
  const ref = `${label}/${path}/SKILL.md`
  const files: { rel: string; bytes: Buffer }[] = []
  const stack = [dir]
  while (stack.length > 0) {
    const at = stack.pop() as string
    for (const name of safeList(at).sort()) {
      const full = join(at, name)
      const stat = safeStat(full)
      if (!stat || NEVER.has(name)) continue
      if (stat.isDirectory()) stack.push(full)
      else if (!stat.isFile()) continue
      else if (stat.size > MAX_FILE_BYTES || files.length >= MAX_FILES)
        yield {
          kind: 'skip',
          itemKind: 'file',
          ref: `${label}/${path}/${relative(dir, full)}`,
          reason: 'over 1 MB, or past 200 files in one skill'
        }
      else files.push({ rel: relative(dir, full).split(sep).join('/'), bytes: readFileSync(full) })
    }
  }
  files.sort((a, b) => (a.rel === 'SKILL.md' ? -1 : b.rel === 'SKILL.md' ? 1 : a.rel.localeCompare(b.rel)))
  yield { kind: 'skill', path: path.includes('/') ? path : `imported/${path}`, files, ref }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function safeStat(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path)
  } catch {
    return null
  }
}
