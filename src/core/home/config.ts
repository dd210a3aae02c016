import { z } from 'zod'
import { BaseUrl } from '../../shared/contract/baseUrl'
import { CacheTtlPolicy } from '../../shared/contract/settings'
import { SyncDeviceName, SyncRemote } from '../../shared/contract/nexusSync'
import { NexusTurnEntries } from '../../shared/contract/nexusTeam'
import { parseToolSettings, type ToolSettings } from '../tools/toolSettings'

/**
 * Below this many characters (the user's messages and the model's replies together) a chat that
 * closes on its own holds little more than a greeting, so retention does not read it.
 */
export const DEFAULT_RETENTION_MIN_CHARS = 60

/** The newest Sonnet in @anthropic-ai/sdk 1.14's model list (spec §3). */
export const DEFAULT_MODEL = 'claude-sonnet-5-5'

const PlatformHintOverride = z.union([
  z.string(),
  z.object({ append: z.string().optional(), replace: z.string().optional() }).strict()
])

/**
 * config.json, one schema per top-level key (a section). Each key is validated on its own so
 * one bad field falls back to its default without discarding the user's other settings.
 * Never holds the API key. Every setting Hearth reads lives here, so `ConfigStore` is the one
 * place that validates and writes the file; a new setting is a new key (or sub-key) here.
 */
export const CONFIG_SHAPE = {
  model: z.string().min(1).default(DEFAULT_MODEL),
  provider: z.string().min(1).default('anthropic'),
  /**
   * `max_tokens` of every chat reply call and of retention's call: the one value sent, recorded
   * and shown by the Inspector. (A checkpoint summary keeps its own smaller cap: see compression.ts.)
   */
  maxOutputTokens: z.number().int().min(1).max(128_000).default(8192),
  baseUrl: BaseUrl.nullable().default(null),
  cacheTtl: CacheTtlPolicy.default('auto'),
  platform: z.string().min(1).default('desktop'),
  context_file_max_chars: z.number().int().positive().nullable().default(null),
  toolUseEnforcement: z.union([z.enum(['auto']), z.boolean(), z.array(z.string())]).default('auto'),
  platformHints: z.record(z.string(), PlatformHintOverride).default({}),
  environmentHint: z.string().nullable().default(null),
  skills: z.object({ disabled: z.array(z.string()).default([]) }).default({ disabled: [] }),
  /** How the app looks: a setting of the home, so every window and a restarted host agree. */
  ui: z.object({ theme: z.enum(['system', 'light', 'dark']).default('system') }).default({ theme: 'system' }),
  memory: z
    .object({
      memoryCharLimit: z.number().int().positive().default(4000),
      userCharLimit: z.number().int().positive().default(2000),
      /** The agent's memory-tool writes: saved at once with a receipt, or each one asked for in Review first. */
      agentWrites: z.enum(['receipt', 'ask']).default('receipt')
    })
    .default({ memoryCharLimit: 4000, userCharLimit: 2000, agentWrites: 'receipt' }),
  recall: z.object({ k: z.number().int().min(0).max(50).default(5) }).default({ k: 5 }),
  /** An OpenAI-compatible embedding endpoint for meaning search; both null: words only. The key is in the secret store. */
  embeddings: z
    .object({
      /** Ends before `/embeddings`, e.g. http://127.0.0.1:11434/v1. */
      baseUrl: BaseUrl.nullable().default(null),
      model: z.string().min(1).max(200).nullable().default(null)
    })
    .default({ baseUrl: null, model: null }),
  retention: z
    .object({
      idleMinutes: z.number().int().min(0).default(30),
      /** A chat closed on quit or idle with fewer characters than this (words and replies) is not read by retention. */
      minChars: z.number().int().min(0).max(1_000_000).default(DEFAULT_RETENTION_MIN_CHARS)
    })
    .default({ idleMinutes: 30, minChars: DEFAULT_RETENTION_MIN_CHARS }),
  nexus: z
    .object({
      injectCap: z.number().int().min(1).max(200).default(20),
      /** Which turns leave a `turn` entry when the model did not post one (off, meaningful, every). */
      turnEntries: NexusTurnEntries.default('meaningful'),
      /** Tool calls between working checkpoints: the nudge, and the automatic one when none came. */
      checkpointEvery: z.number().int().min(2).max(100).default(8)
    })
    .default({ injectCap: 20, turnEntries: 'meaningful', checkpointEvery: 8 }),
  /** The Nexus across devices: the git remote it is exchanged through, and how often the app syncs. */
  sync: z
    .object({
      remote: SyncRemote.nullable().default(null),
      intervalMinutes: z.number().int().min(0).max(1440).default(15),
      /** What other devices call this one; the computer's host name when not set. */
      deviceName: SyncDeviceName.nullable().default(null)
    })
    .default({ remote: null, intervalMinutes: 15, deviceName: null }),
  /** Read entry by entry by core/tools/mcp/mcpConfig.ts, so one pasted entry can never cost the others. */
  mcpServers: z.unknown().optional(),
  agents: z
    .record(
      z.string(),
      z.object({
        model: z.string().optional(),
        toolsets: z.array(z.string()).optional(),
        /** Skills switched off for this agent only (by name or folder), on top of `skills.disabled`. */
        skillsDisabled: z.array(z.string()).optional()
      })
    )
    .default({}),
  /** Hearth as an MCP server: which client names post as which agent (see docs/nexus-mcp.md). */
  mcp: z
    .object({
      clients: z
        .record(
          z.string(),
          z.object({
            agent: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be an agent id or a member name'),
            /** sha256 (hex) of the token the client presents as HEARTH_MCP_TOKEN or its bearer token. */
            tokenSha256: z
              .string()
              .regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits (a sha256)')
              .optional(),
            /** True for a member that is not one of the person's Hearth agents (it signs as `agent`). */
            external: z.boolean().optional(),
            /** Epoch ms of the binding. */
            boundAt: z.number().int().optional()
          })
        )
        .default({}),
      /** Per project folder: whether its .mcp.json may run, and the sha256 of the file that was decided on. */
      projects: z
        .record(
          z.string(),
          z.object({
            decision: z.enum(['allow', 'deny']),
            sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits (a sha256)')
          })
        )
        .default({})
    })
    .default({ clients: {}, projects: {} })
} as const

/**
 * Sections whose fields fall back one by one (a bad `tools.search.maxLimit` keeps
 * `tools.search.enabled`); each parser reports every bad field and never throws.
 */
export const CUSTOM_SECTIONS = {
  tools: (raw: unknown): { readonly value: ToolSettings; readonly errors: readonly string[] } => {
    const parsed = parseToolSettings(raw)
    return { value: parsed.settings, errors: parsed.errors }
  }
} as const

export type ConfigKey = keyof typeof CONFIG_SHAPE
export type HearthConfig = { readonly [K in ConfigKey]: z.output<(typeof CONFIG_SHAPE)[K]> } & {
  readonly [K in keyof typeof CUSTOM_SECTIONS]: ReturnType<(typeof CUSTOM_SECTIONS)[K]>['value']
}

export interface LoadedConfig {
  readonly config: HearthConfig
  /** Each problem names the field and says what is wrong; empty when the file is fine. */
  readonly errors: readonly string[]
  /** The raw JSON object as read (unknown keys kept), or undefined when unreadable. */
  readonly raw: Record<string, unknown> | undefined
}

export function defaultConfig(): HearthConfig {
  return parseSections({}).config
}

/** Parses config.json text field by field: bad fields are reported and replaced by defaults. */
export function parseConfig(text: string | undefined): LoadedConfig {
  if (text === undefined || text.trim() === '') return { config: defaultConfig(), errors: [], raw: {} }
  let json: unknown
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return {
      config: defaultConfig(),
      errors: [`config.json is not valid JSON (${detail}); using defaults for every setting`],
      raw: undefined
    }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return {
      config: defaultConfig(),
      errors: ['config.json must contain a JSON object; using defaults for every setting'],
      raw: undefined
    }
  }
  const raw = json as Record<string, unknown>
  return { ...parseSections(raw), raw }
}

function parseSections(raw: Readonly<Record<string, unknown>>): { config: HearthConfig; errors: string[] } {
  const errors: string[] = []
  const values: Record<string, unknown> = {}
  for (const key of Object.keys(CONFIG_SHAPE) as ConfigKey[]) {
    const parsed = CONFIG_SHAPE[key].safeParse(raw[key])
    if (parsed.success) {
      values[key] = parsed.data
    } else {
      const issue = parsed.error.issues[0]
      const where = [key, ...(issue?.path ?? [])].join('.')
      errors.push(
        `config.json: "${where}" ${issue?.message ?? 'is invalid'}; using the default (${JSON.stringify(CONFIG_SHAPE[key].parse(undefined))})`
      )
      values[key] = CONFIG_SHAPE[key].parse(undefined)
    }
  }
  for (const [key, parse] of Object.entries(CUSTOM_SECTIONS)) {
    const section = parse(raw[key])
    values[key] = section.value
    errors.push(...section.errors)
  }
  return { config: values as HearthConfig, errors }
}

/** The skills an agent's index leaves out: those off for every agent, then the agent's own. */
export function skillsDisabledFor(config: HearthConfig, agentId: string): readonly string[] {
  return [...config.skills.disabled, ...(config.agents[agentId]?.skillsDisabled ?? [])]
}
