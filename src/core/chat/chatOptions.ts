import type { ModelClients } from '../ports/modelClients'
import type { SessionId, TurnId } from '../../shared/contract'
import type { AttachmentReader } from '../attachments/attachmentBlocks'
import type { EventHub } from '../events'
import type { Clock } from '../ports/clock'
import type { Logger } from '../ports/logger'
import type { PromptBuilder } from '../ports/promptBuilder'
import type { TurnContextProvider } from '../ports/turnContext'
import type { AgentService } from '../services/agentService'
import type { SettingsService } from '../services/settingsService'
import type { ToolCatalog } from '../tools/toolTypes'
import type { ChatStores } from './store/chatStores'
import { DEFAULT_REPLY_FLUSH, type ReplyWriterOptions } from './turn/replyWriter'
import type { TurnResult } from './turn/turnRunner'

export interface ChatServiceDeps {
  /** Chat's repositories, opened once by the composition root. */
  readonly stores: ChatStores
  readonly clock: Clock
  readonly events: EventHub
  readonly settings: SettingsService
  /** Where the engine gets its SDK client (built for the settings' endpoint and key at each turn). */
  readonly models: ModelClients
  readonly agents: AgentService
  readonly prompts: PromptBuilder
  /** The tools a new session gets (absent: none). */
  readonly tools?: ToolCatalog
  /** Asked in this order before every turn for context the model sees with the user's message. */
  readonly contextProviders?: readonly TurnContextProvider[]
  /** Images, PDFs and text files attached to messages (absent: messages carry text only). */
  readonly attachments?: AttachmentReader
  /** 'cli' for the CLI host; otherwise the platform from config.json. */
  readonly platform?: string
  /** Where failures the turn survives are reported (a provider that threw, a busy checkpoint). */
  readonly log?: Logger
}

export interface ChatOptions {
  readonly maxIterations: number
  readonly flush: ReplyWriterOptions
  /** SDK retries for 429/529/5xx/connection errors (the SDK default is 2). */
  readonly maxRetries: number
  /** Share of the model's context window at which older turns are compressed. */
  readonly compressAtShare: number
  /** Tests set an absolute threshold instead of a share of a 200k window. */
  readonly compressAtTokens?: (model: string) => number
}

export const DEFAULT_CHAT_OPTIONS: ChatOptions = {
  maxIterations: 16,
  flush: DEFAULT_REPLY_FLUSH,
  maxRetries: 2,
  compressAtShare: 0.75
}

export interface StartedTurn {
  readonly turnId: TurnId
  readonly sessionId: SessionId
  /** Settles when the turn ends; rejects with a TurnFailure (Stop included). */
  readonly done: Promise<TurnResult>
}
