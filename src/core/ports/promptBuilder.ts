import type { PromptBuild, PromptLayerReport, Tier } from '../domain/prompt/promptTypes'
import type { AgentId } from '../../shared/contract'

/**
 * The port between the chat engine and the prompt assembler (PromptService implements it,
 * the chat engine consumes it). One call = the system prompt a NEW session would send.
 */
export interface PromptRequest {
  readonly agentId: AgentId
  /** The session's project folder, or null. */
  readonly cwd: string | null
  readonly model: string
  readonly provider: string
  /** desktop | cli | … (keys of the platform hint table). */
  readonly platform: string
  /** Names of the tools loaded for the session (sorted); guidance is added only for these. */
  readonly toolNames: readonly string[]
}

/** Defined with the assembler (the domain may not import ports); re-exported as the port's vocabulary. */
export type { PromptLayerReport, Tier }

/** The assembler's `PromptBuild` as chat needs it: each layer's report without the Prompt view's detail. */
export interface BuiltPrompt extends Omit<PromptBuild, 'layers'> {
  readonly layers: readonly PromptLayerReport[]
}

export interface PromptBuilder {
  build(request: PromptRequest): BuiltPrompt
}
