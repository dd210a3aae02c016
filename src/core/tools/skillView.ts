import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { withholdParagraphs } from '../domain/prompt/withhold'
import { indexText, isSwitchedOff, type SkillEntry } from '../domain/prompt/skills'
import { nodePromptFileSystem, outsideOf } from '../prompt/promptFileSystem'
import { SkillsIndex } from '../prompt/skillsIndex'
import { ToolError } from './runTool'
import type { ToolDefinition } from './toolTypes'

const MAX_FILES = 200
const MAX_DEPTH = 4
const SKIP_DIRS = new Set(['.git', 'node_modules', '__pycache__', '.venv', 'venv'])

export interface SkillViewOptions {
  /** HEARTH_HOME/skills */
  readonly root: string
  /** Where the prompt's skills index keeps its snapshot (shared, so one walk serves both). */
  readonly snapshotPath: string
  /** Skills the user switched off for this agent (or for every agent), by name or folder. */
  readonly disabled: (agentId: string) => readonly string[]
}

/**
 * `skill_view(name)`: the full SKILL.md of one skill from the index in the system prompt, plus
 * the other files in its folder (references, templates, scripts) so the model knows what it can
 * ask for next. Skills are looked up by name from the index, never by joining the model's text
 * into a path, so `../` in a name cannot reach outside the skills folder.
 */
export function createSkillViewTool(options: SkillViewOptions): ToolDefinition {
  const index = new SkillsIndex(nodePromptFileSystem, options.root, options.snapshotPath)
  return {
    name: 'skill_view',
    toolset: 'skills',
    description:
      'Load a skill from the skills index: returns its full SKILL.md instructions and lists the other files in its folder.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The skill name as listed in the skills index' } },
      required: ['name']
    },
    handler: async (input, context) => {
      const name = typeof input.name === 'string' ? input.name.trim() : ''
      if (name === '') throw new ToolError('name is required')
      const all = index.load().set.skills
      const skills = all.filter((entry) => entry.blocked.length === 0)
      const skill = findSkill(skills, name)
      if (!skill)
        throw new ToolError(
          `No skill named "${indexText(name, 64)}". Available skills: ${listNames(skills, all.length - skills.length)}.`
        )
      if (isSwitchedOff(skill, new Set(options.disabled(context.agentId))))
        throw new ToolError(
          `The skill "${skill.name}" is switched off for this agent (Skills screen or config.json).`
        )
      return readSkill(options.root, skill)
    }
  }
}

function findSkill(skills: readonly SkillEntry[], name: string): SkillEntry | undefined {
  const lower = name.toLowerCase()
  return (
    skills.find((s) => s.name === name) ??
    skills.find((s) => s.dirName === name) ??
    skills.find((s) => s.name.toLowerCase() === lower || s.dirName.toLowerCase() === lower)
  )
}

/** The names the model may ask for (blocked skills are only counted, never named). */
function listNames(skills: readonly SkillEntry[], blocked: number): string {
  const note =
    blocked > 0 ? ` (${blocked} more ${blocked === 1 ? 'was' : 'were'} blocked by the injection scanner)` : ''
  if (skills.length === 0) return `none (the skills folder is empty)${note}`
  const names = [...new Set(skills.map((s) => s.name))].sort()
  return (
    (names.length <= 40 ? names.join(', ') : `${names.slice(0, 40).join(', ')}, … (${names.length} in all)`) +
    note
  )
}

/** The skill's folder: `<category>/<dir>/` (or `<dir>/` for a top-level skill). */
function skillDir(root: string, skill: SkillEntry): string {
  const nested = join(root, ...skill.category.split('/'), skill.dirName)
  if (existsSync(join(nested, 'SKILL.md'))) return nested
  const topLevel = join(root, skill.dirName)
  if (existsSync(join(topLevel, 'SKILL.md'))) return topLevel
  return root
}

/** SKILL.md read through its real path, which must stay inside the skills folder (a link swapped in since the index was built included). */
function readSkill(root: string, skill: SkillEntry): Record<string, unknown> {
  const dir = skillDir(root, skill)
  if (outsideOf(nodePromptFileSystem, join(dir, 'SKILL.md'), root, 'SKILL.md') !== null) {
    throw new ToolError(
      `The skill "${skill.name}" is a link to somewhere outside the skills folder; it was not loaded.`
    )
  }
  const read = nodePromptFileSystem.read(join(dir, 'SKILL.md'), 'SKILL.md', root)
  if (read.kind !== 'ok')
    throw new ToolError(
      `The skill "${skill.name}" could not be read: ${read.kind === 'error' ? read.reason : 'its SKILL.md is gone'}`
    )
  const content = read.text
  const files = dir === root ? [] : listFiles(dir, root)
  const path = toPosix(relative(root, join(dir, 'SKILL.md')))
  // A skill comes from elsewhere: a paragraph with a finding is kept back, the rest still loads.
  const scan = withholdParagraphs(content, `the SKILL.md of ${skill.name}`, 'context')
  const blocked = [...new Set(scan.withheld.flatMap((part) => part.findings.map((hit) => hit.id)))]
  if (blocked.length > 0)
    return {
      name: skill.name,
      category: skill.category,
      path,
      blocked,
      content: scan.text,
      files: scan.wholeText ? [] : files
    }
  return { name: skill.name, category: skill.category, path, content, files }
}

/** Files in the skill's folder besides SKILL.md, relative and sorted (bounded in count and depth); links out of the skills folder are left out. */
function listFiles(dir: string, root: string): string[] {
  const files: string[] = []
  const visit = (current: string, depth: number): void => {
    let names: string[]
    try {
      names = readdirSync(current).sort()
    } catch {
      return
    }
    for (const name of names) {
      if (files.length >= MAX_FILES) return
      const path = join(current, name)
      if (outsideOf(nodePromptFileSystem, path, root, name) !== null) continue
      const stat = safeStat(path)
      if (stat?.isDirectory() && depth < MAX_DEPTH && !SKIP_DIRS.has(name)) visit(path, depth + 1)
      else if (stat?.isFile()) files.push(toPosix(relative(dir, path)))
    }
  }
  visit(dir, 0)
  return files.filter((file) => file !== 'SKILL.md')
}

function safeStat(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path)
  } catch {
    return null
  }
}

function toPosix(path: string): string {
  return path.split(sep).join('/')
}
