import type { TurnId } from '../../../shared/contract/ids'
import type { SessionDetail, SessionSummary, TurnView } from '../../../shared/contract/sessions'
import type { Tier } from '../../ports/promptBuilder'
import type { CallResult } from '../store/callRepository'
import type { PromptReport, SessionRecord, StoredMessage } from '../chatTypes'
import type { VersionGroup } from '../turn/turnForks'
import { failedTurnOf } from '../turn/turnRetry'
import { publicUsage, sumUsage } from '../turn/turnRunner'

export function sessionSummary(session: SessionRecord): SessionSummary {
  return {
    id: session.id,
    agentId: session.agentId,
    title: session.title,
    titleSource: session.titleSource,
    pinnedAtMs: session.pinnedAtMs,
    deletedAtMs: session.deletedAtMs,
    cwd: session.cwd,
    model: session.model,
    provider: session.provider,
    startedAtMs: session.startedAtMs,
    updatedAtMs: session.updatedAtMs,
    endedAtMs: session.endedAtMs,
    importedFrom: session.importedFrom,
    totals: session.totals
  }
}

const TIER_ORDER: readonly Tier[] = ['stable', 'context', 'volatile']

/** The system prompt cut into its tiers by the offsets the assembler reported. */
export function promptTiers(
  text: string,
  report: PromptReport
): { tier: Tier; start: number; end: number; text: string }[] {
  return TIER_ORDER.flatMap((tier) => {
    const span = report.tierOffsets[tier]
    return span ? [{ tier, start: span[0], end: span[1], text: text.slice(span[0], span[1]) }] : []
  })
}

/** True when a call reached the model: it is running, answered, or was billed before it broke off. */
export function callRan(call: CallResult): boolean {
  const u = call.usage
  return (
    call.status === 'streaming' ||
    call.status === 'ok' ||
    u.input_tokens + u.output_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens > 0
  )
}

/**
 * Per-turn usage for the chat footer: each turn's calls summed, with its cache read share. Calls
 * that never ran (refused, or no answer at all) add nothing, and a turn with none has no footer.
 */
export function turnViews(calls: readonly CallResult[]): TurnView[] {
  const byTurn = new Map<TurnId, CallResult[]>()
  for (const call of calls.filter(callRan))
    byTurn.set(call.turnId, [...(byTurn.get(call.turnId) ?? []), call])
  return [...byTurn.entries()].map(([turnId, turnCalls]) => {
    const summaries = turnCalls.map((call) => ({
      callId: call.id,
      usage: publicUsage(call.usage),
      costUsd: call.costUsd,
      missReason: call.missReason
    }))
    const usage = sumUsage(summaries)
    const total = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
    return {
      turnId,
      usage,
      costUsd: summaries.reduce((s, c) => s + c.costUsd, 0),
      cacheReadShare: total === 0 ? 0 : usage.cache_read_input_tokens / total,
      calls: summaries
    }
  })
}

export function messageView(message: StoredMessage): SessionDetail['messages'][number] {
  return {
    id: message.id,
    turnId: message.turnId,
    role: message.role,
    kind: message.kind,
    content: message.content.map((block) => ({ ...block })),
    status: message.status,
    error: message.error,
    inContext: message.inContext,
    createdAtMs: message.createdAtMs
  }
}

/** The version switchers of the shown path and the turns that can no longer fork. */
export interface VersionsView {
  readonly groups: readonly VersionGroup[]
  readonly locked: readonly TurnId[]
}

/** What a chat read on its tail shows of the turns before its tail. */
export interface EarlierPart {
  readonly earlierTurns: number
  /** The user messages on the chosen path before the tail: where a failed last turn stands counts them. */
  readonly earlierUserTexts: number
  /** False when the path's newest user message is before the tail: its last turn holds none, nothing to retry. */
  readonly newestUserShown: boolean
}

/** Nothing before: the whole chat is shown. */
export const WHOLE_CHAT: EarlierPart = { earlierTurns: 0, earlierUserTexts: 0, newestUserShown: true }

/**
 * The newest whole turns holding at least `tail` messages (every message without it), and how
 * many turns come before them: a long chat opens on its end without sending all of it.
 */
export function tailTurns<M extends Pick<StoredMessage, 'turnId'>>(
  messages: readonly M[],
  tail: number | undefined
): { shown: readonly M[]; earlierTurns: number } {
  if (tail === undefined || messages.length <= tail) return { shown: messages, earlierTurns: 0 }
  const kept = new Set<TurnId>()
  for (let index = messages.length - 1, counted = 0; index >= 0 && counted < tail; index--, counted++)
    kept.add((messages[index] as M).turnId)
  const shown = messages.filter((message) => kept.has(message.turnId))
  const earlier = new Set(messages.filter((message) => !kept.has(message.turnId)).map((m) => m.turnId))
  return { shown, earlierTurns: earlier.size }
}

/**
 * `answering`: a turn of the session runs right now, so nothing can be retried (nor in an ended
 * session). `messages`: the chosen path's, or only its newest turns (a tail, `earlier` saying
 * what comes before them); the usage of every turn stays (the Inspector picks among all of them).
 */
export function sessionDetail(
  session: SessionRecord,
  messages: readonly StoredMessage[],
  calls: readonly CallResult[],
  versions: VersionsView,
  answering = false,
  earlier: EarlierPart = WHOLE_CHAT
): SessionDetail {
  const failed =
    answering || session.endedAtMs !== null || !earlier.newestUserShown
      ? null
      : failedTurnOf(messages, calls, earlier.earlierUserTexts)
  return {
    ...sessionSummary(session),
    systemPrompt: session.systemPrompt,
    promptVersion: session.promptVersion,
    promptTiers: promptTiers(session.systemPrompt, session.promptReport),
    promptLayers: session.promptReport.layers.map((layer) => ({
      id: layer.id,
      tier: layer.tier,
      source: layer.source,
      chars: layer.chars,
      tokens: layer.tokens,
      truncated: layer.truncated,
      blocked: [...layer.blocked],
      // A prompt stored before `withheld` was recorded: its warnings say it, when it was cut or blocked.
      withheld: [...(layer.withheld ?? (layer.blocked.length > 0 || layer.truncated ? layer.warnings : []))]
    })),
    promptWarnings: [...session.promptReport.warnings],
    toolNames: session.tools.map((tool) => tool.name),
    messages: messages.map(messageView),
    turns: turnViews(calls),
    retry: failed === null ? null : { turnId: failed.turnId, error: failed.error },
    versions: versions.groups.map((group) => ({ ...group, versionTurnIds: [...group.versionTurnIds] })),
    lockedTurnIds: [...versions.locked],
    earlierTurns: earlier.earlierTurns
  }
}
