import type { AppInfo } from '../../../shared/contract'
import type { ApiClient } from '../api/client'
import type { ConnectionStatus } from '../api/connection'
import { errorMessage } from '../api/rpcError'
import type { AppState, SliceCreator } from './types'

/** An error no form could show inline; the shell shows it in a dismissible banner. */
export interface UiError {
  readonly message: string
  readonly context: string
}

export interface ConnectionSlice {
  readonly connection: ConnectionStatus
  /** What happened, when the core's process is restarting or stopped (desktop app). */
  readonly connectionDetail: string | null
  readonly appInfo: AppInfo | null
  readonly lastError: UiError | null
  readonly setConnection: (status: ConnectionStatus, detail?: string) => void
  readonly loadAppInfo: () => Promise<void>
  readonly dismissError: () => void
}

/** Builds the `lastError` patch for a failed action; slices spread it into their own `set`. */
export function failureState(context: string, error: unknown): Pick<ConnectionSlice, 'lastError'> {
  return { lastError: { context, message: errorMessage(error) } }
}

export function createConnectionSlice(api: ApiClient): SliceCreator<ConnectionSlice> {
  return (set) => ({
    connection: 'connecting',
    connectionDetail: null,
    appInfo: null,
    lastError: null,
    setConnection(status, detail) {
      set({ connection: status, connectionDetail: detail ?? null })
    },
    async loadAppInfo() {
      try {
        const appInfo = await api.call('app.info', {})
        set({ appInfo })
      } catch (error) {
        set(failureState('Could not read app information', error))
      }
    },
    dismissError() {
      set({ lastError: null })
    }
  })
}

export const selectConnection = (state: AppState): ConnectionStatus => state.connection
export const selectConnectionDetail = (state: AppState): string | null => state.connectionDetail
export const selectLastError = (state: AppState): UiError | null => state.lastError
export const selectAppInfo = (state: AppState): AppInfo | null => state.appInfo
