import type { SessionDetail, SessionSummary } from '../../../shared/contract'

const NO_TOTALS: SessionSummary['totals'] = { inputTokens: 0, outputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0, costUsd: 0, savedUsd: 0 }

/** A stored session as `sessions.list` returns it, for store tests; `change` sets what a test is about. */
export function sessionSummaryFixture(change: Partial<SessionSummary> = {}): SessionSummary {
  return { id: 's1', agentId: 'scribe', title: 't', cwd: null, model: 'm', provider: 'anthropic', startedAtMs: 1, updatedAtMs: 1, endedAtMs: null, totals: NO_TOTALS, ...change }
}

/**
 * A session as `sessions.get` returns it, empty unless `change` says otherwise. One place for the
 * whole shape, so a new field of SessionDetail is added here and not in every test.
 */
export function sessionDetailFixture(change: Partial<SessionDetail> = {}): SessionDetail {
  return {
    ...sessionSummaryFixture(),
    systemPrompt: 'p',
    promptVersion: 1,
    promptTiers: [],
    promptLayers: [],
    promptWarnings: [],
    toolNames: [],
    messages: [],
    turns: [],
    retry: null,
    versions: [],
    lockedTurnIds: [],
    ...change
  }
}
