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
}

export interface SkillSet {
  readonly skills: readonly SkillEntry[]
  /** category path → description (from `<category>/DESCRIPTION.md`). */
  readonly categoryDescriptions: Readonly<Record<string, string>>
}

const DESCRIPTION_MAX = 60
const PLATFORM_ALIASES: Readonly<Record<string, string>> = { macos: 'darwin', linux: 'linux', windows: 'win32' }

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
      result[key] = value.slice(1, -1).split(',').map(unquote).filter((part) => part !== '')
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

/** Builds a skill entry from its SKILL.md text and location. */
export function skillFromMarkdown(category: string, dirName: string, markdown: string): SkillEntry {
  const front = parseFrontmatter(markdown)
  const name = typeof front.name === 'string' && front.name.trim() !== '' ? front.name.trim() : dirName
  const raw = front.platforms
  const list = typeof raw === 'string' ? raw.split(',') : (raw ?? [])
  const platforms = list.map((p) => p.trim().toLowerCase()).filter((p) => p !== '').map((p) => PLATFORM_ALIASES[p] ?? p)
  return { category, dirName, name, description: shortDescription(front.description), platforms }
}

/** Whether the skill runs on `osPlatform` (prefix match, so `win` covers `win32`). */
function supportsPlatform(skill: SkillEntry, osPlatform: string): boolean {
  return skill.platforms.length === 0 || skill.platforms.some((p) => osPlatform.startsWith(p))
}

/** Renders the index block; '' when no skill is visible. Sorted, first entry per name wins. */
export function renderSkillsIndex(set: SkillSet, osPlatform: string, disabled: readonly string[]): string {
  const off = new Set(disabled)
  const byCategory = new Map<string, Map<string, SkillEntry>>()
  for (const skill of set.skills) {
    if (off.has(skill.name) || off.has(skill.dirName) || !supportsPlatform(skill, osPlatform)) continue
    const names = byCategory.get(skill.category) ?? new Map<string, SkillEntry>()
    if (!names.has(skill.name)) names.set(skill.name, skill)
    byCategory.set(skill.category, names)
  }
  if (byCategory.size === 0) return ''
  const lines: string[] = []
  for (const category of [...byCategory.keys()].sort()) {
    const description = set.categoryDescriptions[category]
    lines.push(description ? `  ${category}: ${description}` : `  ${category}:`)
    const names = byCategory.get(category) as Map<string, SkillEntry>
    for (const name of [...names.keys()].sort()) {
      const skill = names.get(name) as SkillEntry
      lines.push(skill.description ? `    - ${name}: ${skill.description}` : `    - ${name}`)
    }
  }
  return `# Skills
Before you answer, look through the skills below. When one fits the task, even partly, load it with skill_view(name) and follow it.

<available_skills>
${lines.join('\n')}
</available_skills>

Go ahead without a skill only when none of them fits.`
}
