import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { AgentId, SkillInfo, SkillsView } from '../../shared/contract'
import { estimateTokens } from '../../shared/util/tokens'
import {
  isSwitchedOff,
  skillFolder,
  skillIndexLine,
  skillIndexStates,
  type SkillEntry,
  type SkillIndexState
} from '../domain/prompt/skills'
import { conflict, notFound } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import type { ConfigStore } from '../home/configStore'
import type { HomePaths } from '../home/homePaths'
import { mkdirPrivate } from '../home/privateFiles'
import type { AgentService } from '../services/agentService'
import type { PromptService } from './promptService'
import { nodePromptFileSystem } from './promptFileSystem'
import { resolveSkillFile } from './skillFiles'
import { skillFindings } from './skillPreview'

export interface SkillsServiceDeps {
  readonly paths: HomePaths
  readonly config: ConfigStore
  readonly agents: AgentService
  readonly prompts: Pick<PromptService, 'assemble' | 'loadSkills' | 'osPlatform'>
}

export interface NewSkill {
  readonly name: string
  readonly category: string | null
  readonly description: string
}

/**
 * The Skills screen's side of the skills folder: every skill as an agent's index sees it (the
 * same walk, cache and rules the prompt uses), the index that agent's next prompt gets, new
 * skills, and switching a skill off for one agent (`agents.<id>.skillsDisabled` in config.json).
 * SKILL.md itself is read and saved as a file (`files.read` / `files.write`, target `skill`).
 */
export class SkillsService {
  constructor(private readonly deps: SkillsServiceDeps) {}

  async list(agentId: AgentId): Promise<SkillsView> {
    const agent = this.deps.agents.get(agentId)
    const built = await this.deps.prompts.assemble({ agentId: agent.id })
    const toolEnabled = built.request.toolNames.includes('skill_view')
    const layer = built.layers.find((candidate) => candidate.id === 'skills')
    const { set, warnings } = this.deps.prompts.loadSkills()
    const { everyone, own } = this.disabledLists(agent.id)
    const states = skillIndexStates(set, this.deps.prompts.osPlatform, [...everyone, ...own])
    return {
      agentId: agent.id,
      folder: this.deps.paths.skills,
      toolEnabled,
      skills: set.skills.map((skill, i) =>
        this.info(skill, states[i] ?? 'listed', toolEnabled, { everyone, own })
      ),
      index:
        layer === undefined
          ? { text: '', tokens: 0 }
          : { text: built.text.slice(layer.start, layer.end), tokens: layer.tokens },
      warnings: [...warnings]
    }
  }

  /** Writes `<category>/<name>/SKILL.md` with its frontmatter and a starting body; never over an existing folder. */
  create(skill: NewSkill): { path: string } {
    const relPath = [skill.category, skill.name, 'SKILL.md'].filter((part) => part !== null).join('/')
    const path = resolveSkillFile(this.deps.paths.skills, relPath)
    if (existsSync(dirname(path)))
      throw conflict(`skills/${dirname(relPath)} exists already. Pick another name, or open that skill.`)
    mkdirPrivate(dirname(path))
    writeFileAtomic(path, starterSkill(skill))
    return { path: relPath }
  }

  /** Switches a skill on or off for one agent; one switched off for every agent stays off (config.json says so). */
  async setEnabled(agentId: AgentId, relPath: string, enabled: boolean): Promise<SkillsView> {
    const agent = this.deps.agents.get(agentId)
    const skill = this.deps.prompts.loadSkills().set.skills.find((candidate) => candidate.path === relPath)
    if (skill === undefined) throw notFound(`No skill at skills/${relPath}.`)
    if (enabled && isSwitchedOff(skill, new Set(this.disabledLists(agent.id).everyone)))
      throw conflict(
        `${skill.name} is switched off for every agent in config.json (skills.disabled). Remove it from that list to switch it on.`
      )
    const names = new Set([skill.name, skill.dirName, skillFolder(skill)])
    await this.deps.config.patch((raw) => {
      const agents = isRecord(raw.agents) ? raw.agents : {}
      const found = agents[agent.id]
      const entry: Record<string, unknown> = isRecord(found) ? found : {}
      const before = Array.isArray(entry.skillsDisabled)
        ? entry.skillsDisabled.map((name: unknown) => String(name))
        : []
      const kept = before.filter((name) => !names.has(name))
      const next = enabled ? kept : [...kept, skillFolder(skill) || skill.dirName]
      const { skillsDisabled: _old, ...rest } = entry
      return {
        ...raw,
        agents: { ...agents, [agent.id]: next.length > 0 ? { ...rest, skillsDisabled: next } : rest }
      }
    })
    return this.list(agent.id)
  }

  private disabledLists(agentId: AgentId): { everyone: readonly string[]; own: readonly string[] } {
    const config = this.deps.config.read().config
    return { everyone: config.skills.disabled, own: config.agents[agentId]?.skillsDisabled ?? [] }
  }

  private info(
    skill: SkillEntry,
    state: SkillIndexState,
    toolEnabled: boolean,
    lists: { everyone: readonly string[]; own: readonly string[] }
  ): SkillInfo {
    const root = this.deps.paths.skills
    const read = nodePromptFileSystem.read(join(root, ...skill.path.split('/')), `skills/${skill.path}`, root)
    const text = read.kind === 'ok' ? read.text : ''
    return {
      path: skill.path,
      category: skill.category,
      dirName: skill.dirName,
      name: skill.name,
      description: skill.description,
      platforms: [...skill.platforms],
      tokens: estimateTokens(text),
      indexTokens: state === 'listed' && toolEnabled ? estimateTokens(skillIndexLine(skill)) : 0,
      state,
      disabledBy: isSwitchedOff(skill, new Set(lists.everyone))
        ? 'everyone'
        : isSwitchedOff(skill, new Set(lists.own))
          ? 'agent'
          : null,
      indexBlocked: [...skill.blocked],
      findings: skillFindings(text),
      readError: read.kind === 'error' ? read.reason : read.kind === 'missing' ? 'SKILL.md is gone' : null
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** A new SKILL.md: frontmatter the index reads (agentskills.io format), then a body to write. */
function starterSkill(skill: NewSkill): string {
  const description = skill.description.replace(/\s+/g, ' ').trim()
  return `---
name: ${skill.name}
description: ${description}
---

# ${skill.name}

Write here what the agent should do when this skill fits, step by step.
`
}
