import type { TurnId } from '../../../shared/contract'
import type { ChatBehindFile } from '../../../shared/contract/chatBehindFile'
import type { Clock } from '../../ports/clock'
import { checkProjectFolder } from '../../prompt/projectFolder'
import type { SettingsService } from '../../services/settingsService'
import { isBehindFile, mayReadFile, type PromptFileRef } from '../cache/promptFreshness'
import { ttlForTurn } from '../cache/ttlChoice'
import type { ChatService } from '../chatService'
import type { CacheTtl, SessionRecord } from '../chatTypes'
import { cacheBreakCostUsd, cacheRates } from '../pricing'
import type { ChatStores } from '../store/chatStores'
import { estimateRequestTokens } from '../turn/compression'
import { forkCost, type ForkCost } from '../turn/forkCost'
import { buildWireMessages } from '../turn/requestBuilder'
import { freshPrompt } from './sessionSetup'

/** Open chats looked at for a saved file, newest first: far more than one person keeps open. */
const OPEN_SESSIONS_CHECKED = 50

export interface RewriteCostsDeps {
  /** Which sessions are answering, and the prompts a rebuilt or new session would get. */
  readonly chat: ChatService
  readonly stores: ChatStores
  readonly settings: SettingsService
  readonly clock: Clock
}

/**
 * What it costs when the cache cannot be read and must be written again: a resent message, a
 * rebuilt prompt, another model or project folder. Shown before the user decides.
 */
export class RewriteCosts {
  constructor(private readonly deps: RewriteCostsDeps) {}

  /** The cache cost of editing and resending the message of `turnId`. */
  fork(session: SessionRecord, turnId: TurnId): ForkCost {
    const { sessions, calls } = this.deps.stores
    return forkCost(sessions, calls, session, turnId, {
      nowMs: this.deps.clock.now(),
      ttl: this.conversationTtl(session)
    })
  }

  /**
   * The open chats whose frozen prompt predates what `file` holds now (the saved change applies
   * to their next session), each with what a rebuild would cost: the next call writes the
   * rebuilt prompt and the conversation after it to the cache instead of reading them.
   */
  behindFile(file: PromptFileRef): ChatBehindFile[] {
    const prompts = this.deps.chat.setupDeps().prompts
    return this.deps.stores.sessions
      .openSessions(file.agentId, OPEN_SESSIONS_CHECKED)
      .filter((session) => mayReadFile(file, session))
      .flatMap((session) => {
        const fresh = freshPrompt(prompts, session, session.model)
        return isBehindFile(file, session, fresh) ? [this.behindView(session, fresh.text)] : []
      })
  }

  /**
   * The extra cost of the next call after a model switch or a rebuild: the prefix is written, not
   * read. With `cwd` (another project folder, so a new session) the prefix is the new session's
   * own system prompt and tools; the old history stays behind.
   */
  cacheBreak(
    session: SessionRecord,
    options: { model?: string; cwd?: string | null } = {}
  ): { model: string; prefixTokens: number; extraCostUsd: number } {
    const target = options.model ?? session.model
    const prefixTokens =
      options.cwd === undefined
        ? estimateRequestTokens(
            session,
            buildWireMessages(this.deps.stores.sessions.messages(session.id), null)
          )
        : this.newSessionTokens(session, options.cwd, target)
    return {
      model: target,
      prefixTokens,
      extraCostUsd: cacheBreakCostUsd(target, prefixTokens, this.conversationTtl(session))
    }
  }

  private behindView(session: SessionRecord, rebuiltPrompt: string): ChatBehindFile {
    const ttl = this.conversationTtl(session)
    const rates = cacheRates(session.model, ttl)
    const wire = buildWireMessages(this.deps.stores.sessions.messages(session.id), null)
    const prefixTokens = estimateRequestTokens({ ...session, systemPrompt: rebuiltPrompt }, wire)
    return {
      id: session.id,
      agentId: session.agentId,
      title: session.title,
      answering: this.deps.chat.isAnswering(session.id),
      model: session.model,
      prefixTokens,
      extraCostUsd: cacheBreakCostUsd(session.model, prefixTokens, ttl),
      cacheWritePerMTokUsd: rates.write,
      cacheReadPerMTokUsd: rates.read
    }
  }

  private newSessionTokens(session: SessionRecord, cwd: string | null, model: string): number {
    const prompt = this.deps.chat.setupDeps().prompts.build({
      agentId: session.agentId,
      cwd: cwd === null ? null : checkProjectFolder(cwd),
      model,
      provider: session.provider,
      platform: session.platform,
      toolNames: session.tools.map((tool) => tool.name)
    })
    return estimateRequestTokens({ ...session, systemPrompt: prompt.text }, [])
  }

  /** The TTL the session's next call would give its conversation (what a re-write is priced at). */
  private conversationTtl(session: SessionRecord): CacheTtl {
    const { stores, settings, clock } = this.deps
    return ttlForTurn(stores, session, settings.config().cacheTtl, clock.now()).conversation
  }
}
