import type { Agent, AgentId } from '../../../../shared/contract'
import { AGENT_ID_PATTERN } from '../../../../shared/contract/constants'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import { failureState } from '../../store/connectionSlice'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import { chatStateForNewAgent } from '../chat/chatSessionsSlice'

/** First run: name the first agent, then write USER.md, then connect a model. */
export type FirstRunStep = 'agent' | 'profile' | 'model'

export interface AgentsSlice {
  readonly agentsById: Readonly<Record<AgentId, Agent>>
  readonly agentIds: readonly AgentId[]
  readonly agentsLoaded: boolean
  readonly selectedAgentId: AgentId | null
  /** Non-null while the first-run screens are shown; starts when the home has no agents. */
  readonly firstRunStep: FirstRunStep | null
  readonly loadAgents: () => Promise<void>
  readonly createAgent: (name: string) => Promise<ActionResult<Agent>>
  readonly renameAgent: (id: AgentId, name: string) => Promise<ActionResult<Agent>>
  readonly deleteAgent: (id: AgentId) => Promise<ActionResult>
  readonly selectAgent: (id: AgentId) => void
  readonly receiveAgents: (agents: readonly Agent[]) => void
  readonly setFirstRunStep: (step: FirstRunStep | null) => void
}

export function createAgentsSlice(api: ApiClient): SliceCreator<AgentsSlice> {
  return (set) => ({
    agentsById: {},
    agentIds: [],
    agentsLoaded: false,
    selectedAgentId: null,
    firstRunStep: null,
    async loadAgents() {
      try {
        const agents = await api.call('agents.list', {})
        set((state) => ({ ...withAgents(state, agents), agentsLoaded: true }))
      } catch (error) {
        set(failureState('Could not load the agents', error))
      }
    },
    async createAgent(name) {
      try {
        const agent = await api.call('agents.create', { name })
        set((state) => ({
          ...withAgents(state, [...listAgents(state).filter((other) => other.id !== agent.id), agent]),
          ...(state.selectedAgentId === agent.id ? {} : chatStateForNewAgent()),
          selectedAgentId: agent.id
        }))
        return { ok: true, value: agent }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    async renameAgent(id, name) {
      try {
        const agent = await api.call('agents.rename', { id, name })
        set((state) => ({ agentsById: { ...state.agentsById, [agent.id]: agent } }))
        return { ok: true, value: agent }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    async deleteAgent(id) {
      try {
        await api.call('agents.delete', { id })
        set((state) =>
          withAgents(
            state,
            listAgents(state).filter((other) => other.id !== id)
          )
        )
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    selectAgent(id) {
      set((state) =>
        state.selectedAgentId === id
          ? {}
          : { selectedAgentId: id, ...chatStateForNewAgent(), chatsTrashOpen: false }
      )
    },
    receiveAgents(agents) {
      set((state) => withAgents(state, agents))
    },
    setFirstRunStep(step) {
      set({ firstRunStep: step })
    }
  })
}

function listAgents(state: AppState): Agent[] {
  return state.agentIds.flatMap((id) => state.agentsById[id] ?? [])
}

/**
 * The agents part of the state for a new list: keeps the selection when the agent still exists,
 * otherwise selects the first one (and Chat leaves the old agent's session). The first run
 * starts when no agent is left and moves on to the profile step as soon as one exists (however
 * it was created: this window, the CLI, an event).
 */
function withAgents(state: AppState, agents: readonly Agent[]): Partial<AppState> {
  const agentsById = Object.fromEntries(agents.map((agent) => [agent.id, agent]))
  const agentIds = agents.map((agent) => agent.id)
  const kept = state.selectedAgentId !== null && agentIds.includes(state.selectedAgentId)
  const selectedAgentId = kept ? state.selectedAgentId : (agentIds[0] ?? null)
  return {
    ...(selectedAgentId === state.selectedAgentId ? {} : chatStateForNewAgent()),
    agentsById,
    agentIds,
    selectedAgentId,
    firstRunStep:
      agentIds.length === 0 ? 'agent' : state.firstRunStep === 'agent' ? 'profile' : state.firstRunStep
  }
}

export const selectAgentIds = (state: AppState): readonly AgentId[] => state.agentIds
export const selectAgentsLoaded = (state: AppState): boolean => state.agentsLoaded
export const selectSelectedAgentId = (state: AppState): AgentId | null => state.selectedAgentId
export const selectSelectedAgent = (state: AppState): Agent | undefined =>
  state.selectedAgentId === null ? undefined : state.agentsById[state.selectedAgentId]
export const selectAgent =
  (id: AgentId) =>
  (state: AppState): Agent | undefined =>
    state.agentsById[id]
/** The display name of an agent, or the id itself for one this window does not know (a deleted agent). */
export const selectAgentName =
  (id: AgentId) =>
  (state: AppState): string =>
    state.agentsById[id]?.name ?? id
/**
 * The display name of a Nexus author: the agent's name when the author is an agent id this
 * window knows, else the author as written (`user`, an outside runtime, a deleted agent). The
 * author is parsed once, when the selector is made, not on every store change.
 */
export const selectAuthorName = (author: string): ((state: AppState) => string) =>
  isAgentId(author) ? selectAgentName(author) : () => author

/** The check `AgentId`'s schema makes, without loading zod into the first screen's code. */
function isAgentId(text: string): text is AgentId {
  return AGENT_ID_PATTERN.test(text)
}
export const selectFirstRunStep = (state: AppState): FirstRunStep | null => state.firstRunStep
