import type { InspectedCall, SessionDetail, SessionPage, SessionSummary } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'

const NO_TOTALS: SessionSummary['totals'] = {
  inputTokens: 0,
  outputTokens: 0,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  costUsd: 0,
  savedUsd: 0
}

/** A stored session as `sessions.list` returns it, for store tests; `change` sets what a test is about. */
export function sessionSummaryFixture(change: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: testId.session('s1'),
    agentId: testId.agent('scribe'),
    title: 't',
    titleSource: 'first-message',
    pinnedAtMs: null,
    deletedAtMs: null,
    cwd: null,
    model: 'm',
    provider: 'anthropic',
    startedAtMs: 1,
    updatedAtMs: 1,
    endedAtMs: null,
    importedFrom: null,
    totals: NO_TOTALS,
    ...change
  }
}

/** `sessions.list`'s answer when these are every chat there is: one page, the last. */
export function onePage(items: readonly SessionSummary[]): SessionPage {
  return { items: [...items], total: items.length, next: null }
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
    earlierTurns: 0,
    ...change
  }
}

const NO_USAGE = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0
}

/** One API call as `inspector.turn` returns it: a first call with an empty request, unless `change` says otherwise. */
export function inspectedCallFixture(change: Partial<InspectedCall> = {}): InspectedCall {
  return {
    callId: 1,
    iteration: 0,
    purpose: 'turn',
    model: 'm',
    status: 'ok',
    error: null,
    startedAtMs: 1,
    usage: NO_USAGE,
    costUsd: 0,
    expectedRead: 0,
    missReason: null,
    promptVersion: 1,
    request: {
      model: 'm',
      maxTokens: 1024,
      ttl: '5m',
      system: [],
      tools: [],
      messages: [],
      messageCount: 0,
      attachments: [],
      bridgeCalls: [],
      context: [],
      breakpoints: [],
      instruction: null
    },
    diff: {
      previousCallId: null,
      modelChanged: false,
      toolsChanged: false,
      systemChanged: false,
      commonMessages: 0,
      removedMessages: 0,
      addedMessages: 0
    },
    requestDiff: null,
    ...change
  }
}
