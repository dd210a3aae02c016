import type { PromptTier } from '../../../shared/contract/prompt'
import type { EnvironmentInfo } from './environmentHints'
import type { SkillSet } from './skills'
import type { TrustedTexts } from './trust'

/** One user file as the adapter read it: normalised text, or the reason it could not be used. */
export interface SourceFile {
  /** Absolute path (shown in the UI, used in truncation markers). */
  readonly path: string
  /** The name the prompt calls it by, e.g. `AGENTS.md` or `docs/.hearth.md`. */
  readonly label: string
  /** Text with BOM removed and CRLF → LF, or null when unreadable (then `error` says why). */
  readonly text: string | null
  readonly error: string | null
}

/** Which kind of project rules file loaded; exactly one kind ever does. */
export type RulesKind = 'hearth' | 'hermes' | 'agents' | 'claude' | 'cursor'

export interface RulesSource {
  readonly kind: RulesKind
  /** One file, or for `cursor` the `.cursorrules` file then `.cursor/rules/*.mdc` sorted. */
  readonly files: readonly SourceFile[]
}

/** A static block from a memory provider (volatile tier, after USER.md). */
export interface ProviderBlock {
  readonly id: string
  readonly text: string
}

/** Everything the assembler needs, already read from disk: the domain never touches files. */
export interface PromptSources {
  readonly soul: SourceFile | null
  /** The built-in identity used when SOUL.md is missing, unreadable or blank. */
  readonly defaultIdentity: string
  /** Sorted names of the session's tools. */
  readonly toolNames: readonly string[]
  readonly model: string
  readonly provider: string
  readonly platform: string
  /** config `toolUseEnforcement` (auto | boolean | list of substrings). */
  readonly toolUseEnforcement: unknown
  /** config `platformHints` (validated again here: a malformed entry means the default). */
  readonly platformHints: unknown
  /** null when the skills folder was not read (skill_view not loaded). */
  readonly skills: SkillSet | null
  readonly skillsDisabled: readonly string[]
  /** Node's `process.platform` (darwin, linux, win32), for skills' `platforms`. */
  readonly osPlatform: string
  readonly environment: EnvironmentInfo
  readonly cwd: string | null
  readonly rules: RulesSource | null
  readonly memory: SourceFile | null
  readonly user: SourceFile | null
  readonly memoryCharLimit: number
  readonly userCharLimit: number
  readonly providerBlocks: readonly ProviderBlock[]
  /** Max characters per context file (SOUL.md, rules). */
  readonly fileCap: number
  /** Epoch ms of the session start (from the Clock port). */
  readonly now: number
  /** IANA zone for the date line; the host's zone when omitted. */
  readonly timeZone?: string
  /** Problems met while gathering (unreadable files etc.), shown with the prompt. */
  readonly gatherWarnings: readonly string[]
  /** What of SOUL.md, MEMORY.md and USER.md the user marked as their own (none when absent). */
  readonly trusted?: TrustedTexts
}

/** A scanner finding attributed to a layer (and to an entry for MEMORY.md / USER.md). */
export interface LayerFinding {
  readonly id: string
  readonly line: number
  readonly lineText: string
  /** The file the line is in. */
  readonly source: string | null
  /** 0-based entry index for memory files. */
  readonly entry?: number
  /** `warn`: a protective sentence, shown but never blocking (absent: it blocks). */
  readonly severity?: 'block' | 'warn'
}

export interface TruncationInfo {
  readonly label: string
  readonly head: number
  readonly tail: number
  readonly total: number
  readonly cap: number
}

/** The tiers in prompt order (spec §2). The PromptBuilder port re-exports this type. */
export type Tier = PromptTier

/** What the assembler reports per layer; the PromptBuilder port re-exports this type. */
export interface PromptLayerReport {
  readonly id: string
  readonly tier: Tier
  /** Absolute path of the file the layer came from, or null for built-in text. */
  readonly source: string | null
  readonly chars: number
  readonly tokens: number
  readonly truncated: boolean
  /** Scanner finding ids that blocked this layer (or an entry of it). */
  readonly blocked: readonly string[]
  readonly warnings: readonly string[]
  /**
   * Of the warnings, those saying what was kept from the model or cut, and why — what the chat
   * header shows. Absent in prompts stored before it was recorded.
   */
  readonly withheld?: readonly string[]
  /** [start, end) character offsets inside the prompt text. */
  readonly start: number
  readonly end: number
}

/** The layer report plus what the Prompt view shows (matched lines, truncation numbers). */
export interface PromptLayerDetail extends PromptLayerReport {
  /** Always recorded by a fresh build. */
  readonly withheld: readonly string[]
  readonly findings: readonly LayerFinding[]
  readonly truncation: TruncationInfo | null
}

/** The assembled prompt (the port's BuiltPrompt with detailed layers). */
export interface PromptBuild {
  /** Exactly the bytes sent as the system prompt. */
  readonly text: string
  readonly tiers: Readonly<Record<Tier, string>>
  /** [start, end) offsets of each non-empty tier in `text`. */
  readonly tierOffsets: Readonly<Partial<Record<Tier, readonly [number, number]>>>
  readonly layers: readonly PromptLayerDetail[]
  readonly warnings: readonly string[]
  readonly tokens: number
}
