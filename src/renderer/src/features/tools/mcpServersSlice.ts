import type {
  McpServerDraft,
  McpServersView,
  McpServerTest,
  ParsedMcpServer
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** Settings → Tools' server list: add, edit, remove, test and trust MCP servers. */
export interface McpServersSlice {
  readonly mcpServers: McpServersView | null
  readonly mcpServersLoading: boolean
  readonly mcpServersError: string | null
  /** The last Test of each server (by name) in this window: pass or fail, what was tried, how long. */
  readonly mcpServerTests: Readonly<Record<string, McpServerTest>>
  readonly loadMcpServers: () => Promise<void>
  readonly saveMcpServer: (
    server: McpServerDraft,
    previousName: string | undefined,
    headers: Record<string, string> | undefined
  ) => Promise<ActionResult>
  readonly removeMcpServer: (name: string) => Promise<ActionResult>
  readonly testMcpServer: (name: string) => Promise<ActionResult>
  readonly parseMcpServers: (
    text: string
  ) => Promise<ActionResult<{ servers: ParsedMcpServer[]; problems: string[] }>>
}

export function createMcpServersSlice(api: ApiClient): SliceCreator<McpServersSlice> {
  /** Runs a change, keeps the view it returns, and refreshes the agent's toolsets (which list the servers too). */
  async function change(
    get: () => AppState,
    set: (partial: Partial<AppState>) => void,
    work: () => Promise<McpServersView>
  ): Promise<ActionResult> {
    try {
      const mcpServers = await work()
      set({ mcpServers, mcpServersError: null })
      const agentId = get().toolsView?.agentId
      if (agentId) await get().loadTools(agentId)
      return { ok: true, value: undefined }
    } catch (error) {
      return { ok: false, message: errorMessage(error) }
    }
  }
  return (set, get) => ({
    mcpServers: null,
    mcpServersLoading: false,
    mcpServersError: null,
    mcpServerTests: {},
    async loadMcpServers() {
      set({ mcpServersLoading: true })
      try {
        const mcpServers = await api.call('tools.listServers', {})
        set({ mcpServers, mcpServersError: null, mcpServersLoading: false })
      } catch (error) {
        set({ mcpServersError: errorMessage(error), mcpServersLoading: false })
      }
    },
    saveMcpServer: (server, previousName, headers) =>
      change(get, set, () =>
        api.call('tools.saveServer', {
          server,
          ...(previousName ? { previousName } : {}),
          ...(headers ? { headers } : {})
        })
      ),
    removeMcpServer: (name) => change(get, set, () => api.call('tools.removeServer', { name })),
    testMcpServer: (name) =>
      change(get, set, async () => {
        const { test, ...view } = await api.call('tools.testServer', { name })
        set({ mcpServerTests: { ...get().mcpServerTests, [name]: test } })
        return view
      }),
    async parseMcpServers(text) {
      try {
        return {
          ok: true,
          value: await api.call('tools.parseServers', { text })
        }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    }
  })
}

export const selectMcpServers = (state: AppState): McpServersView | null => state.mcpServers
export const selectMcpServersLoading = (state: AppState): boolean => state.mcpServersLoading
export const selectMcpServersError = (state: AppState): string | null => state.mcpServersError
export const selectMcpServerTest =
  (name: string) =>
  (state: AppState): McpServerTest | undefined =>
    state.mcpServerTests[name]
