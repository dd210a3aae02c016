import { join } from 'node:path'
import { contextWindowOf } from '../domain/models/modelTable'
import { assemblePrompt } from '../domain/prompt/assemblePrompt'
import type { PromptBuild, PromptSources, ProviderBlock, SourceFile } from '../domain/prompt/promptTypes'
import { fileCharCap } from '../domain/prompt/truncate'
import { skillsDisabledFor, type HearthConfig } from '../home/config'
import { defaultSoul, hasStarterHint, withoutStarterHint } from '../home/defaultTexts'
import { parseEntries, serialiseEntries } from '../memory/memoryEntries'
import type { HomePaths } from '../home/homePaths'
import type { Clock } from '../ports/clock'
import { silentLogger, type Logger } from '../ports/logger'
import type { PromptBuilder, PromptRequest } from '../ports/promptBuilder'
import type { AgentService } from '../services/agentService'
import { environmentInfo } from './environment'
import { checkProjectFolder } from './projectFolder'
import { nodePromptFileSystem, type PromptFileSystem } from './promptFileSystem'
import { findProjectRules } from './rulesFinder'
import { SkillsIndex, type SkillsLoad, type SkillsSource } from './skillsIndex'
import type { TrustLookup } from './trustStore'
import type { AgentId } from '../../shared/contract'

/** The built-in tools an agent gets when no tool layer says otherwise. */
export const BUILTIN_TOOL_NAMES: readonly string[] = [
  'memory',
  'nexus_post',
  'nexus_read',
  'recall',
  'session_search',
  'skill_view'
]

export interface PromptServiceOptions {
  readonly paths: HomePaths
  readonly agents: AgentService
  /** Read fresh per build: config.json may change while the app runs. */
  readonly config: () => HearthConfig
  readonly clock: Clock
  readonly env?: NodeJS.ProcessEnv
  readonly fs?: PromptFileSystem
  readonly osPlatform?: string
  readonly timeZone?: string
  /**
   * The tools a new session of an agent would get (the tool layer plans them); the prompt guides
   * only those. Absent: the built-in tools.
   */
  readonly toolNames?: (agentId: AgentId) => Promise<readonly string[]>
  /** Memory providers' static blocks (volatile tier, in this order); one that throws is left out. */
  readonly staticBlocks?: readonly { readonly id: string; readonly block: (agentId: AgentId) => string }[]
  /** Where a failing static-block provider is reported (the session still starts without it). */
  readonly log?: Logger
  /** What of SOUL.md, MEMORY.md and USER.md the user trusted (absent: nothing is). */
  readonly trust?: TrustLookup
}

/** What the Prompt view and `hearth prompt` ask for; unset fields come from config. */
export interface AssembleInput {
  readonly agentId: AgentId
  readonly cwd?: string | null
  readonly model?: string
  readonly platform?: string
}

export interface AssembledPrompt extends PromptBuild {
  readonly request: PromptRequest
}

/**
 * Implements the PromptBuilder port: gathers every source from disk (through the file-system
 * port), then hands them to the pure assembler. Holds the skills index caches for the process.
 */
export class PromptService implements PromptBuilder {
  private readonly fs: PromptFileSystem
  private readonly skills: SkillsIndex
  /** Where the last build's skills index came from (the bench and tests read it). */
  lastSkillsSource: SkillsSource | null = null

  constructor(private readonly options: PromptServiceOptions) {
    this.fs = options.fs ?? nodePromptFileSystem
    this.skills = new SkillsIndex(
      this.fs,
      options.paths.skills,
      join(options.paths.root, '.skills_snapshot.json')
    )
  }

  /** The platform skills' `platforms` are matched against (Node's names: darwin, linux, win32). */
  get osPlatform(): string {
    return this.options.osPlatform ?? process.platform
  }

  /** The skills folder as the index reads it (cached like a build's), for the Skills screen. */
  loadSkills(): SkillsLoad {
    return this.skills.load()
  }

  /** The request a new session of this agent would make, with config defaults filled in. */
  async request(input: AssembleInput): Promise<PromptRequest> {
    const config = this.options.config()
    const agent = this.options.agents.get(input.agentId)
    const cwd = input.cwd ? checkProjectFolder(input.cwd) : null
    return {
      agentId: agent.id,
      cwd,
      model: input.model?.trim() || config.agents[agent.id]?.model || config.model,
      provider: config.provider,
      platform: input.platform?.trim() || config.platform,
      toolNames: [...(await (this.options.toolNames?.(agent.id) ?? BUILTIN_TOOL_NAMES))].sort()
    }
  }

  async assemble(input: AssembleInput): Promise<AssembledPrompt> {
    const request = await this.request(input)
    return { ...this.build(request), request }
  }

  build(request: PromptRequest): PromptBuild {
    return assemblePrompt(this.gather(request))
  }

  /** Reads every source a build needs; problems become warnings, never exceptions. */
  gather(request: PromptRequest): PromptSources {
    const config = this.options.config()
    const agent = this.options.agents.get(request.agentId)
    const { paths } = this.options
    const rules = request.cwd ? findProjectRules(this.fs, request.cwd) : { rules: null, warnings: [] }
    const skillsLoad = request.toolNames.includes('skill_view') ? this.skills.load() : null
    this.lastSkillsSource = skillsLoad?.source ?? null
    const soul = this.readSource(paths.soul(agent.id), 'SOUL.md')
    const memory = this.readSource(paths.memory(agent.id), 'MEMORY.md')
    const user = withoutStarterText(this.readSource(paths.user, 'USER.md'))
    return {
      soul,
      defaultIdentity: defaultSoul(agent.name),
      toolNames: [...request.toolNames].sort(),
      model: request.model,
      provider: request.provider,
      platform: request.platform,
      toolUseEnforcement: config.toolUseEnforcement,
      platformHints: config.platformHints,
      skills: skillsLoad?.set ?? null,
      skillsDisabled: skillsDisabledFor(config, agent.id),
      osPlatform: this.osPlatform,
      environment: environmentInfo(this.options.env ?? process.env, config.environmentHint),
      cwd: request.cwd,
      rules: rules.rules,
      memory,
      user,
      memoryCharLimit: config.memory.memoryCharLimit,
      userCharLimit: config.memory.userCharLimit,
      providerBlocks: this.staticBlocks(agent.id),
      fileCap: fileCharCap(config.context_file_max_chars, contextWindowOf(request.model)),
      now: this.options.clock.now(),
      ...(this.options.timeZone ? { timeZone: this.options.timeZone } : {}),
      gatherWarnings: [...rules.warnings, ...(skillsLoad?.warnings ?? [])],
      trusted: this.options.trust?.trustedTexts(agent.id, {
        soul: soul?.text,
        memory: memory?.text,
        user: user?.text
      })
    }
  }

  /** A file of the home; a link that leads out of the home is refused (a warning, not the linked text). */
  readSource(path: string, label: string): SourceFile | null {
    const read = this.fs.read(path, label, this.options.paths.root)
    if (read.kind === 'missing') return null
    return read.kind === 'ok'
      ? { path, label, text: read.text, error: null }
      : { path, label, text: null, error: read.reason }
  }

  private staticBlocks(agentId: AgentId): ProviderBlock[] {
    const blocks: ProviderBlock[] = []
    const log = this.options.log ?? silentLogger
    for (const { id, block } of this.options.staticBlocks ?? []) {
      try {
        blocks.push({ id, text: block(agentId) })
      } catch (error) {
        // A failing provider must not stop the session from starting; it simply adds nothing.
        log.warn(`prompt block provider "${id}" failed; the prompt is built without it`, { error, agentId })
      }
    }
    return blocks
  }
}

/**
 * The seeded USER.md's hint is instructions for the user, not facts about them: it is left out
 * of the prompt, also once entries were added after it. A file without it is injected untouched.
 */
export function withoutStarterText(file: SourceFile | null): SourceFile | null {
  if (file?.text == null || !hasStarterHint(file.text)) return file
  return { ...file, text: serialiseEntries(withoutStarterHint(parseEntries(file.text))) }
}
