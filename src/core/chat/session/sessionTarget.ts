import type { ChatSendInput } from '../../../shared/contract/chat'
import { invalidInput, notFound } from '../../errors'
import { checkProjectFolder } from '../../prompt/projectFolder'
import type { AgentService } from '../../services/agentService'
import type { SettingsService } from '../../services/settingsService'
import type { SessionRecord } from '../chatTypes'
import { openSession, type SessionSetupDeps } from './sessionSetup'
import { checkNotTrashed } from '../turn/turnStarts'
import type { AgentId } from '../../../shared/contract'

export interface SessionTargetDeps {
  readonly setup: SessionSetupDeps
  readonly agents: AgentService
  readonly settings: SettingsService
  /** 'cli' for the CLI host; otherwise the platform from config.json. */
  readonly platform?: string
}

/**
 * The session a message goes to: the one named, or a new one of the named (or default) agent.
 * A project folder other than the named session's own starts a new session of the same agent
 * and model: the folder's rules are part of the frozen prompt.
 */
export async function targetSession(
  deps: SessionTargetDeps,
  input: ChatSendInput,
  provider: string
): Promise<SessionRecord> {
  const cwd = input.cwd === undefined ? undefined : checkProjectFolder(input.cwd)
  const config = deps.settings.config()
  const platform = deps.platform ?? config.platform
  if (input.sessionId) {
    const session = deps.setup.repo.getSession(input.sessionId)
    if (!session)
      throw notFound(
        `No session with id "${input.sessionId}". Run \`hearth sessions list\` to see the sessions.`
      )
    checkNotTrashed(session)
    if (input.agentId && input.agentId !== session.agentId)
      throw invalidInput(
        `Session ${session.id} belongs to agent "${session.agentId}", not "${input.agentId}"`
      )
    if (cwd === undefined || cwd === session.cwd) return session
    return openSession(deps.setup, {
      agentId: session.agentId,
      cwd,
      model: input.model ?? session.model,
      provider,
      platform
    })
  }
  const agentId = defaultAgent(deps.agents, input.agentId)
  const model = input.model ?? config.agents[agentId]?.model ?? config.model
  return openSession(deps.setup, { agentId, cwd: cwd ?? null, model, provider, platform })
}

/** The named agent, else the first one, else a new "Hearth" agent (first run from the CLI). */
function defaultAgent(agents: AgentService, agentId: AgentId | undefined): AgentId {
  if (agentId) return agents.get(agentId).id
  return agents.firstOrCreate('Hearth').id
}
