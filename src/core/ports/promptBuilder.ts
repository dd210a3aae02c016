/**
 * The port between the chat engine and the prompt assembler (issue #3 implements it,
 * issue #4 consumes it). One call = the system prompt a NEW session would send.
 */
export interface PromptRequest {
  readonly agentId: string
  /** The session's project folder, or null. */
  readonly cwd: string | null
  readonly model: string
  readonly provider: string
  /** desktop | cli | … (keys of the platform hint table). */
  readonly platform: string
  /** Names of the tools loaded for the session (sorted); guidance is added only for these. */
  readonly toolNames: readonly string[]
}

export type Tier = 'stable' | 'context' | 'volatile'

export interface PromptLayerReport {
  readonly id: string
  readonly tier: Tier
  /** Absolute file path the layer came from, or null for built-in text. */
  readonly source: string | null
  readonly chars: number
  readonly tokens: number
  readonly truncated: boolean
  /** Injection-scanner finding ids that blocked this layer (or an entry of it). */
  readonly blocked: readonly string[]
  readonly warnings: readonly string[]
  /** [start, end) character offsets of this layer inside `text`. */
  readonly start: number
  readonly end: number
}

export interface BuiltPrompt {
  /** Exactly the bytes sent as the system prompt. */
  readonly text: string
  readonly tiers: Readonly<Record<Tier, string>>
  /** [start, end) offsets of each non-empty tier in `text`. */
  readonly tierOffsets: Readonly<Partial<Record<Tier, readonly [number, number]>>>
  readonly layers: readonly PromptLayerReport[]
  readonly warnings: readonly string[]
  readonly tokens: number
}

export interface PromptBuilder {
  build(request: PromptRequest): BuiltPrompt
}
