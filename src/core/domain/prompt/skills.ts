import { scanForThreats } from './scanner'

/**
 * The skills index: a compact `<available_skills>` list (category → name: description) so the
 * agent knows what it can load with skill_view without paying for every SKILL.md up front.
 */
export interface SkillEntry {
  readonly category: string
  /** The skill's folder name (also accepted by the disabled list). */
  readonly dirName: string
  /** Frontmatter `name`, else the folder name. */
  readonly name: string
  /** At most 60 characters. */
  readonly description: string
  /** Node-style platform names (darwin, linux, win32); empty = every platform. */
  readonly platforms: readonly string[]
  /** Scanner finding ids in the frontmatter or folder names; a blocked skill is never listed or loaded. */
  readonly blocked: readonly string[]
  /** Its SKILL.md relative to the skills folder, `/`-separated (`writing/tone/SKILL.md`). */
  readonly path: string
}

export interface SkillSet {
  readonly skills: readonly SkillEntry[]
  /** category path → description (from `<category>/DESCRIPTION.md`). */
  readonly categoryDescriptions: Readonly<Record<string, string>>
}

const DESCRIPTION_MAX = 60
/** agentskills.io bounds: a longer name is not a name (the folder name is used instead). */
const NAME_MAX = 64
/** Only this much of a description is ever read, scanned or shown. */
const DESCRIPTION_READ_MAX = 1024
const PLATFORM_ALIASES: Readonly<Record<string, string>> = {
  macos: 'darwin',
  linux: 'linux',
  windows: 'win32'
}

/** Frontmatter values: strings and string lists (enough for name, description, platforms). */
export type Frontmatter = Readonly<Record<string, string | readonly string[]>>

/**
 * Reads the `---` block at the top of a markdown file with a small YAML subset
 * (`key: value`, `key: [a, b]`, block lists). Anything it cannot read is skipped, never fatal.
 */
export function parseFrontmatter(text: string): Frontmatter {
  const lines = text.split('\n')
  if (lines[0]?.trim() !== '---') return {}
  const result: Record<string, string | string[]> = {}
  let listKey: string | null = null
  for (const line of lines.slice(1)) {
    if (line.trim() === '---') return result
    const item = /^\s+-\s*(.*)$/.exec(line)
    if (item && listKey) {
      ;(result[listKey] as string[]).push(unquote(item[1] as string))
      continue
    }
    const pair = /^([A-Za-z0-9_.-]+)\s*:\s*(.*)$/.exec(line)
    if (!pair) continue
    const [, key, value] = pair as unknown as [string, string, string]
    listKey = null
    if (value === '') {
      result[key] = []
      listKey = key
    } else if (value.startsWith('[') && value.endsWith(']')) {
      result[key] = value
        .slice(1, -1)
        .split(',')
        .map(unquote)
        .filter((part) => part !== '')
    } else {
      result[key] = unquote(value)
    }
  }
  return {}
}

function unquote(value: string): string {
  const trimmed = value.trim()
  return /^(["']).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed
}

/** Long descriptions are cut to 57 chars + "..." so the index stays compact. */
export function shortDescription(value: string | readonly string[] | undefined): string {
  const text = typeof value === 'string' ? value.trim() : ''
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 3)}...` : text
}

/**
 * Text from a skill's frontmatter or folder names as it may appear in the index: one line, no
 * control or invisible characters, no angle brackets (a name must not close `<available_skills>`),
 * at most `max` characters.
 */
export function indexText(value: string, max: number): string {
  const flat = value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * Builds a skill entry from its SKILL.md text and location; frontmatter is bounded and scanned.
 * `path` defaults to `<category>/<dirName>/SKILL.md`; the index passes the path it found.
 */
export function skillFromMarkdown(
  category: string,
  dirName: string,
  markdown: string,
  path = `${category}/${dirName}/SKILL.md`
): SkillEntry {
  const front = parseFrontmatter(markdown)
  const rawName = typeof front.name === 'string' ? front.name.trim() : ''
  const rawDescription =
    typeof front.description === 'string' ? front.description.slice(0, DESCRIPTION_READ_MAX) : ''
  const named = rawName !== '' && rawName.length <= NAME_MAX ? indexText(rawName, NAME_MAX) : ''
  const name = named !== '' ? named : indexText(dirName, NAME_MAX)
  const raw = front.platforms
  const list = typeof raw === 'string' ? raw.split(',') : (raw ?? [])
  const platforms = list
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '')
    .map((p) => PLATFORM_ALIASES[p] ?? p)
  const blocked = scanForThreats(
    [rawName.slice(0, DESCRIPTION_READ_MAX), rawDescription, category, dirName].join('\n'),
    'context'
  )
  return {
    category,
    dirName,
    name,
    description: indexText(shortDescription(rawDescription), DESCRIPTION_MAX),
    platforms,
    blocked,
    path
  }
}

/** Whether the skill runs on `osPlatform` (prefix match, so `win` covers `win32`). */
function supportsPlatform(skill: SkillEntry, osPlatform: string): boolean {
  return skill.platforms.length === 0 || skill.platforms.some((p) => osPlatform.startsWith(p))
}

/** The index layer: its text plus what the scanner kept out of it, for the prompt report. */
export interface SkillsIndexRender {
  readonly text: string
  readonly blocked: readonly string[]
  readonly warnings: readonly string[]
}

/**
 * Where one skill stands in the index an agent gets: listed, or why not. `disabled` is the
 * agent's whole list (config's `skills.disabled` and the agent's own), by name or folder.
 */
export type SkillIndexState = 'listed' | 'disabled' | 'other-platform' | 'blocked' | 'shadowed'

/** The state of every skill of the set, in the set's order (the same rules `renderSkillsIndex` lists by). */
export function skillIndexStates(
  set: SkillSet,
  osPlatform: string,
  disabled: readonly string[]
): SkillIndexState[] {
  const off = new Set(disabled)
  const firstOfName = new Map<string, SkillEntry>()
  // In the set's order, as the index keeps the first skill of each name in a category.
  for (const skill of set.skills) {
    if (isVisible(skill, osPlatform, off) && skill.blocked.length === 0) {
      const key = `${skill.category}\u0000${skill.name}`
      if (!firstOfName.has(key)) firstOfName.set(key, skill)
    }
  }
  return set.skills.map((skill) => {
    if (isSwitchedOff(skill, off)) return 'disabled'
    if (!supportsPlatform(skill, osPlatform)) return 'other-platform'
    if (skill.blocked.length > 0) return 'blocked'
    return firstOfName.get(`${skill.category}\u0000${skill.name}`) === skill ? 'listed' : 'shadowed'
  })
}

function isVisible(skill: SkillEntry, osPlatform: string, off: ReadonlySet<string>): boolean {
  return !isSwitchedOff(skill, off) && supportsPlatform(skill, osPlatform)
}

/** The folder of a skill inside the skills folder (`writing/tone`); '' for a SKILL.md at the top. */
export function skillFolder(skill: Pick<SkillEntry, 'path'>): string {
  return skill.path.split('/').slice(0, -1).join('/')
}

/** Whether a disabled list names the skill: by its name, its folder's name, or its folder's path. */
export function isSwitchedOff(skill: SkillEntry, off: ReadonlySet<string>): boolean {
  const folder = skillFolder(skill)
  return off.has(skill.name) || off.has(skill.dirName) || (folder !== '' && off.has(folder))
}

/** The line a listed skill has in the index (`    - name: description`). */
export function skillIndexLine(skill: SkillEntry): string {
  return skill.description ? `    - ${skill.name}: ${skill.description}` : `    - ${skill.name}`
}

/**
 * Renders the index block; '' when no skill is visible. Sorted, first entry per name wins.
 * Skills whose frontmatter or folder names matched the scanner are left out and counted in one
 * `[BLOCKED: …]` line, like a blocked file; so are category descriptions that matched.
 */
export function renderSkillsIndex(
  set: SkillSet,
  osPlatform: string,
  disabled: readonly string[]
): SkillsIndexRender {
  const off = new Set(disabled)
  const visible = set.skills.filter((skill) => isVisible(skill, osPlatform, off))
  const refused = visible.filter((skill) => skill.blocked.length > 0)
  const byCategory = new Map<string, Map<string, SkillEntry>>()
  for (const skill of visible) {
    if (skill.blocked.length > 0) continue
    const names = byCategory.get(skill.category) ?? new Map<string, SkillEntry>()
    if (!names.has(skill.name)) names.set(skill.name, skill)
    byCategory.set(skill.category, names)
  }
  const lines: string[] = []
  const warnings = refused.map(
    (skill) =>
      `The skill in skills/${skill.category}/${skill.dirName} was left out of the index: the injection scanner matched ${skill.blocked.join(', ')} in its frontmatter or folder names.`
  )
  const blocked = refused.flatMap((skill) => skill.blocked)
  for (const category of [...byCategory.keys()].sort()) {
    const description = categoryDescription(set, category)
    if (description.blocked.length > 0)
      warnings.push(
        `The description of the skills category ${category} was left out: the injection scanner matched ${description.blocked.join(', ')}.`
      )
    blocked.push(...description.blocked)
    lines.push(
      description.text
        ? `  ${indexText(category, 120)}: ${description.text}`
        : `  ${indexText(category, 120)}:`
    )
    const names = byCategory.get(category) as Map<string, SkillEntry>
    for (const name of [...names.keys()].sort()) {
      const skill = names.get(name) as SkillEntry
      lines.push(skillIndexLine(skill))
    }
  }
  if (refused.length > 0) {
    const ids = [...new Set(blocked)].join(', ')
    lines.push(
      `  [BLOCKED: ${refused.length === 1 ? '1 skill was' : `${refused.length} skills were`} not listed: the frontmatter contained potential prompt injection (${ids}). Content not loaded.]`
    )
  }
  if (lines.length === 0) return { text: '', blocked: [], warnings: [] }
  return { text: indexBlock(lines), blocked: [...new Set(blocked)], warnings }
}

function categoryDescription(set: SkillSet, category: string): { text: string; blocked: readonly string[] } {
  const raw = set.categoryDescriptions[category] ?? ''
  const blocked = raw === '' ? [] : scanForThreats(raw, 'context')
  return blocked.length > 0 ? { text: '', blocked } : { text: indexText(raw, DESCRIPTION_MAX), blocked }
}

function indexBlock(lines: readonly string[]): string {
  return `# Skills
Before you answer, look through the skills below. When one fits the task, even partly, load it with skill_view(name) and follow it.

<available_skills>
${lines.join('\n')}
</available_skills>

Go ahead without a skill only when none of them fits.`
}
