import { UNKNOWN_WINDOW_THRESHOLD_TOKENS, type ToolSearchSettings } from './toolSettings'
import type { ToolDefinition } from './toolTypes'

/** The tool as it appears in the request's `tools` array (what the model is billed for). */
export function toolRequestJson(tool: ToolDefinition): string {
  return JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })
}

/** Estimated tokens of a tools array: ceil(Σ compact JSON characters / 4). */
export function estimateToolTokens(tools: readonly ToolDefinition[]): number {
  const chars = tools.reduce((sum, tool) => sum + toolRequestJson(tool).length, 0)
  return Math.ceil(chars / 4)
}

export interface DeferralDecision {
  readonly active: boolean
  /** The estimated tokens of the deferrable tools' schemas. */
  readonly deferrableTokens: number
  /** Tokens at which auto mode activates (null when search is forced on or off). */
  readonly thresholdTokens: number | null
  /** One line for the Inspector and Settings: why search is (not) active. */
  readonly reason: string
}

/**
 * Decides whether the deferrable tools leave the tools array for the bridge tools. Auto mode
 * activates at `thresholdPct` of the context window (20,000 tokens when the window is unknown),
 * so a couple of small MCP servers stay directly callable and a large fleet does not eat the
 * context (and the cache write) of every session.
 */
export function decideDeferral(
  deferrable: readonly ToolDefinition[],
  settings: ToolSearchSettings,
  contextWindow: number | null
): DeferralDecision {
  const deferrableTokens = estimateToolTokens(deferrable)
  if (settings.enabled === 'off')
    return {
      active: false,
      deferrableTokens,
      thresholdTokens: null,
      reason: 'Tool search is turned off in config.json.'
    }
  if (deferrableTokens === 0)
    return {
      active: false,
      deferrableTokens,
      thresholdTokens: null,
      reason: 'No deferrable tools in this session.'
    }
  if (settings.enabled === 'on')
    return {
      active: true,
      deferrableTokens,
      thresholdTokens: null,
      reason: 'Tool search is forced on in config.json.'
    }
  const thresholdTokens =
    contextWindow && contextWindow > 0
      ? Math.floor((contextWindow * settings.thresholdPct) / 100)
      : UNKNOWN_WINDOW_THRESHOLD_TOKENS
  const active = deferrableTokens >= thresholdTokens
  const basis =
    contextWindow && contextWindow > 0
      ? `${settings.thresholdPct}% of a ${contextWindow.toLocaleString('en-US')}-token window`
      : 'the default for an unknown window'
  const reason = active
    ? `Deferred: ${deferrableTokens.toLocaleString('en-US')} tokens of MCP/plugin schemas ≥ ${thresholdTokens.toLocaleString('en-US')} (${basis}).`
    : `Not deferred: ${deferrableTokens.toLocaleString('en-US')} tokens of MCP/plugin schemas < ${thresholdTokens.toLocaleString('en-US')} (${basis}).`
  return { active, deferrableTokens, thresholdTokens, reason }
}
