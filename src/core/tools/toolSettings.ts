import { z } from 'zod'
import { isPlainObject } from './schemaCheck'

/**
 * Tool settings read from config.json's `tools` key (kept beside the validated keys of
 * core/home/config.ts, which preserves unknown keys):
 *
 * ```json
 * "tools": {
 *   "search": { "enabled": "auto", "thresholdPct": 10, "defaultLimit": 5, "maxLimit": 20 },
 *   "contextWindow": 200000,
 *   "mcp": { "startTimeoutMs": 20000, "callTimeoutMs": 60000, "maxCallMs": 600000 }
 * }
 * ```
 * `search: false` turns tool search off, `true` means auto. A bad field is reported and its
 * default used, like every other config key.
 */
export interface ToolSearchSettings {
  readonly enabled: 'auto' | 'on' | 'off'
  /** Share of the context window (0–100) the deferrable schemas may take before search kicks in. */
  readonly thresholdPct: number
  readonly defaultLimit: number
  readonly maxLimit: number
}

export interface ToolSettings {
  readonly search: ToolSearchSettings
  /** Overrides the model table's context window (tokens), e.g. for a local model. */
  readonly contextWindow: number | null
  readonly mcpStartTimeoutMs: number
  readonly mcpCallTimeoutMs: number
  /** How long a call may run in all while the server keeps reporting progress. */
  readonly mcpMaxCallMs: number
}

/** The deferral threshold when the model's context window is unknown (tokens). */
export const UNKNOWN_WINDOW_THRESHOLD_TOKENS = 20_000

export const DEFAULT_TOOL_SETTINGS: ToolSettings = {
  search: { enabled: 'auto', thresholdPct: 10, defaultLimit: 5, maxLimit: 20 },
  contextWindow: null,
  mcpStartTimeoutMs: 20_000,
  mcpCallTimeoutMs: 60_000,
  mcpMaxCallMs: 600_000
}

const Enabled = z.union([z.boolean(), z.enum(['auto', 'on', 'off', 'true', 'false', 'yes', 'no', '1', '0'])])
const FIELDS = {
  enabled: Enabled,
  thresholdPct: z.number().min(0).max(100),
  maxLimit: z.number().int().min(1).max(50),
  defaultLimit: z.number().int().min(1),
  contextWindow: z.number().int().positive(),
  startTimeoutMs: z.number().int().min(100).max(600_000),
  callTimeoutMs: z.number().int().min(100).max(3_600_000),
  maxCallMs: z.number().int().min(100).max(86_400_000)
} as const

export interface ParsedToolSettings {
  readonly settings: ToolSettings
  readonly errors: readonly string[]
}

/** Parses config.json's raw `tools` value field by field; never throws. */
export function parseToolSettings(raw: unknown): ParsedToolSettings {
  const errors: string[] = []
  const tools = isPlainObject(raw) ? raw : {}
  if (raw !== undefined && !isPlainObject(raw))
    errors.push('config.json: "tools" must be an object; using the defaults')
  const searchRaw = tools.search
  const search = isPlainObject(searchRaw) ? searchRaw : {}
  const pick = <K extends keyof typeof FIELDS>(
    key: K,
    value: unknown,
    path: string
  ): z.output<(typeof FIELDS)[K]> | undefined => {
    if (value === undefined) return undefined
    const parsed = FIELDS[key].safeParse(value)
    if (parsed.success) return parsed.data as z.output<(typeof FIELDS)[K]>
    errors.push(
      `config.json: "${path}" ${parsed.error.issues[0]?.message ?? 'is invalid'}; using the default`
    )
    return undefined
  }
  const base = DEFAULT_TOOL_SETTINGS.search
  // `search: true` means auto (like a missing key); `search: {enabled: true}` forces it on.
  const enabled =
    searchRaw === false
      ? 'off'
      : searchRaw === true
        ? 'auto'
        : normaliseEnabled(pick('enabled', search.enabled, 'tools.search.enabled'))
  const maxLimit = pick('maxLimit', search.maxLimit, 'tools.search.maxLimit') ?? base.maxLimit
  const defaultLimit = Math.min(
    pick('defaultLimit', search.defaultLimit, 'tools.search.defaultLimit') ?? base.defaultLimit,
    maxLimit
  )
  const mcp = isPlainObject(tools.mcp) ? tools.mcp : {}
  const settings: ToolSettings = {
    search: {
      enabled,
      thresholdPct:
        pick('thresholdPct', search.thresholdPct, 'tools.search.thresholdPct') ?? base.thresholdPct,
      defaultLimit,
      maxLimit
    },
    contextWindow: pick('contextWindow', tools.contextWindow, 'tools.contextWindow') ?? null,
    mcpStartTimeoutMs:
      pick('startTimeoutMs', mcp.startTimeoutMs, 'tools.mcp.startTimeoutMs') ??
      DEFAULT_TOOL_SETTINGS.mcpStartTimeoutMs,
    mcpCallTimeoutMs:
      pick('callTimeoutMs', mcp.callTimeoutMs, 'tools.mcp.callTimeoutMs') ??
      DEFAULT_TOOL_SETTINGS.mcpCallTimeoutMs,
    mcpMaxCallMs:
      pick('maxCallMs', mcp.maxCallMs, 'tools.mcp.maxCallMs') ?? DEFAULT_TOOL_SETTINGS.mcpMaxCallMs
  }
  return { settings, errors }
}

function normaliseEnabled(value: boolean | string | undefined): ToolSearchSettings['enabled'] {
  if (value === undefined) return 'auto'
  if (value === true) return 'on'
  if (value === false) return 'off'
  if (['on', 'true', 'yes', '1'].includes(value)) return 'on'
  if (['off', 'false', 'no', '0'].includes(value)) return 'off'
  return 'auto'
}
