import type { ChatOptions } from './chat/chatOptions'
import type { Clock } from './ports/clock'
import type { DecisionSimilarity } from './ports/decisionSimilarity'
import type { Logger } from './ports/logger'
import type { PromptBuilder } from './ports/promptBuilder'
import type { Retriever } from './ports/retriever'
import type { SecretStore } from './ports/secretStore'
import type { SessionPurgeStep } from './ports/sessionPurge'
import type { TurnContextProvider } from './ports/turnContext'
import type { ToolCatalog } from './tools/toolTypes'

/** How a host asks for a core: its home, which host it is, and the few things a host supplies. */
export interface CoreOptions {
  /** Absolute HEARTH_HOME; created on first use. */
  readonly home: string
  readonly host: 'electron' | 'web' | 'cli'
  readonly secrets?: SecretStore
  readonly clock?: Clock
  readonly env?: NodeJS.ProcessEnv
  /** Electron passes a better-sqlite3 build for its own ABI (see scripts/start.mjs). */
  readonly nativeBinding?: string
  /**
   * `hearth chat --yes`: approve gated tool calls (memory writes, Nexus posts while an untrusted
   * MCP server is loaded) without asking. Otherwise the CLI refuses them and the app asks.
   */
  readonly approveGatedTools?: boolean
  /** Where the core reports what it survived; default `<home>/logs/hearth.log` at HEARTH_LOG_LEVEL (info). */
  readonly log?: Logger
  /** For tests and the bench only: the few places where an otherwise real core may be tuned. */
  readonly seams?: CoreSeams
}

/** What a test or the bench may change in the real wiring (nothing else differs from the app). */
export interface CoreSeams {
  /** Engine tuning: fast reply flushes, small compression thresholds, fewer retries. */
  readonly chat?: Partial<ChatOptions>
  /** False: the knowledge index works only when asked (a bench measuring one thing at a time). */
  readonly knowledgeBackground?: boolean
  /** Turn-context providers asked after the built-in ones (recall, the Nexus). */
  readonly contextProviders?: readonly TurnContextProvider[]
  /** A fixed tool catalog for the engine and the prompt instead of the tool layer's. */
  readonly toolCatalog?: ToolCatalog
  /** Steps run after the built-in ones (memory's, chat's) when a chat is deleted for good. */
  readonly purgeSteps?: readonly SessionPurgeStep[]
  /** What recall, the recall tool and merge proposals search with, instead of the knowledge index. */
  readonly retriever?: Retriever
  /** The Nexus's timings and its conflicts-by-meaning port (tests: quick polls, a scripted similarity). */
  readonly nexus?: {
    readonly pollMs?: number
    readonly mirrorDelayMs?: number
    readonly similarity?: DecisionSimilarity
  }
  /** Wraps the prompt builder the engine uses (the bench's variants change how prompts are built). */
  readonly wrapPrompts?: (builder: PromptBuilder) => PromptBuilder
}
