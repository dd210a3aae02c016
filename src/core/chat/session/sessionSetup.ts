import type { BuiltPrompt, PromptBuilder } from '../../ports/promptBuilder'
import type { Clock } from '../../ports/clock'
import type { ToolCatalog, ToolDefinition } from '../../tools/toolTypes'
import type { PromptReport, SessionRecord, ToolParam } from '../chatTypes'
import { hashTools } from '../cache/requestFingerprint'
import type { SessionRepository } from '../store/sessionRepository'
import { newSessionId } from '../../domain/ids'
import type { AgentId } from '../../../shared/contract'

export interface SessionSetupDeps {
  readonly repo: SessionRepository
  readonly prompts: PromptBuilder
  readonly tools: ToolCatalog | undefined
  readonly clock: Clock
}

/** The tool list as sent: name, description, schema — sorted by name so the order never drifts. */
export function toolParams(definitions: readonly ToolDefinition[]): ToolParam[] {
  return [...definitions]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }))
}

export function reportOf(prompt: BuiltPrompt): PromptReport {
  return {
    tiers: prompt.tiers,
    tierOffsets: prompt.tierOffsets,
    layers: prompt.layers,
    warnings: prompt.warnings,
    tokens: prompt.tokens
  }
}

/**
 * Starts a session: tools resolved once and frozen, the system prompt built once and stored.
 * Every later turn (in this process or after a restart) sends exactly these bytes.
 */
export async function openSession(
  deps: SessionSetupDeps,
  input: { agentId: AgentId; cwd: string | null; model: string; provider: string; platform: string }
): Promise<SessionRecord> {
  const tools = toolParams(
    deps.tools ? await deps.tools.sessionTools(input.agentId, { cwd: input.cwd, offer: true }) : []
  )
  const prompt = deps.prompts.build({ ...input, toolNames: tools.map((tool) => tool.name) })
  return deps.repo.createSession({
    id: newSessionId(),
    agentId: input.agentId,
    cwd: input.cwd,
    model: input.model,
    provider: input.provider,
    platform: input.platform,
    systemPrompt: prompt.text,
    promptReport: reportOf(prompt),
    tools,
    toolsHash: hashTools(tools),
    nowMs: deps.clock.now()
  })
}

/**
 * Rebuilds the frozen prompt from the files on disk (memory reloaded). Used after compression,
 * on a model/provider change, and when the user asks for it — never silently per turn.
 */
export function rebuildPrompt(
  deps: SessionSetupDeps,
  session: SessionRecord,
  change: { model: string; reason: string }
): SessionRecord {
  const prompt = freshPrompt(deps.prompts, session, change.model)
  return deps.repo.replacePrompt(session.id, {
    text: prompt.text,
    report: reportOf(prompt),
    model: change.model,
    reason: change.reason,
    nowMs: deps.clock.now()
  })
}

/** The prompt the session would get if it were rebuilt now: its own folder, tools and platform, the files on disk today. */
export function freshPrompt(prompts: PromptBuilder, session: SessionRecord, model: string): BuiltPrompt {
  return prompts.build({
    agentId: session.agentId,
    cwd: session.cwd,
    model,
    provider: session.provider,
    platform: session.platform,
    toolNames: session.tools.map((tool) => tool.name)
  })
}

/**
 * A resumed session keeps its stored prompt bytes unless the model or provider it runs with
 * now differs from the one recorded (the prompt names both, and the cache is model-scoped anyway).
 */
export function resumeSession(
  deps: SessionSetupDeps,
  session: SessionRecord,
  wanted: { model: string; provider: string }
): SessionRecord {
  if (session.model === wanted.model && session.provider === wanted.provider) return session
  const reason = session.model !== wanted.model ? 'model_switched' : 'provider_changed'
  if (session.provider !== wanted.provider) deps.repo.setProvider(session.id, wanted.provider)
  return rebuildPrompt(deps, deps.repo.getSession(session.id) as SessionRecord, {
    model: wanted.model,
    reason
  })
}
