import type {
  AgentId,
  ConfirmationRequested,
  McpServerStatusChanged,
  SetToolsetEnabledResult,
  ToolsListView
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/**
 * Settings → Tools for one agent (toolsets and MCP servers with status, counts and token cost,
 * enable/disable with the cache cost stated) and the untrusted gate's open questions.
 */
export interface ToolsSlice {
  readonly toolsView: ToolsListView | null
  readonly toolsLoading: boolean
  readonly toolsError: string | null
  /** The cache-cost sentence of the last change, shown until the next load. */
  readonly toolsNotice: string | null
  readonly toolConfirmations: readonly ConfirmationRequested[]
  readonly loadTools: (agentId: AgentId) => Promise<void>
  readonly setToolsetEnabled: (
    agentId: AgentId,
    toolset: string,
    enabled: boolean
  ) => Promise<ActionResult<SetToolsetEnabledResult>>
  readonly answerToolConfirmation: (requestId: string, approved: boolean) => Promise<ActionResult>
  readonly receiveToolConfirmationRequested: (request: ConfirmationRequested) => void
  readonly receiveToolConfirmationResolved: (requestId: string) => void
  readonly receiveToolServerStatus: (change: McpServerStatusChanged) => void
}

export function createToolsSlice(api: ApiClient): SliceCreator<ToolsSlice> {
  return (set, get) => ({
    toolsView: null,
    toolsLoading: false,
    toolsError: null,
    toolsNotice: null,
    toolConfirmations: [],
    async loadTools(agentId) {
      set({ toolsLoading: true })
      try {
        const toolsView = await api.call('tools.list', { agentId })
        set({ toolsView, toolsError: null, toolsLoading: false })
      } catch (error) {
        set({ toolsError: errorMessage(error), toolsLoading: false })
      }
    },
    async setToolsetEnabled(agentId, toolset, enabled) {
      try {
        const result = await api.call('tools.setEnabled', { agentId, toolset, enabled })
        await get().loadTools(agentId)
        set({ toolsNotice: result.cacheCost.message })
        return { ok: true, value: result }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    async answerToolConfirmation(requestId, approved) {
      try {
        await api.call('tools.confirm', { requestId, approved })
        get().receiveToolConfirmationResolved(requestId)
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    receiveToolConfirmationRequested(request) {
      set((state) => ({
        toolConfirmations: [
          ...state.toolConfirmations.filter((c) => c.requestId !== request.requestId),
          request
        ]
      }))
    },
    receiveToolConfirmationResolved(requestId) {
      set((state) => ({
        toolConfirmations: state.toolConfirmations.filter((c) => c.requestId !== requestId)
      }))
    },
    receiveToolServerStatus(change) {
      set((state) => {
        const view = state.toolsView
        if (view === null) return {}
        const toolsets = view.toolsets.map((t) =>
          t.name === `mcp-${change.server}`
            ? {
                ...t,
                status: change.status,
                error: change.error,
                toolCount: change.toolCount > 0 ? change.toolCount : t.toolCount
              }
            : t
        )
        return { toolsView: { ...view, toolsets } }
      })
    }
  })
}

export const selectToolsView = (state: AppState): ToolsListView | null => state.toolsView
export const selectToolsError = (state: AppState): string | null => state.toolsError
export const selectToolsNotice = (state: AppState): string | null => state.toolsNotice
export const selectToolsLoading = (state: AppState): boolean => state.toolsLoading
export const selectToolConfirmations = (state: AppState): readonly ConfirmationRequested[] =>
  state.toolConfirmations
export const selectToolConfirmationCount = (state: AppState): number => state.toolConfirmations.length
