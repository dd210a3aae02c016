import { ipcMain, type WebContents, type WebFrameMain } from 'electron'
import type { Handlers, RpcResult } from '../shared/contract'
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/contract/channels'
import { CORE_STATUS_EVENT, type CoreStatus } from '../shared/contract/coreStatus'
import { dispatch } from '../core/rpc/dispatch'
import { reportUnexpected, type ErrorLog } from '../core/rpc/unexpectedErrors'
import { isAppUrl } from './protocol'
import type { UserGestures } from './userGestures'

/** Accepts calls only from our own top-level page, never from iframes or foreign origins. */
export function isTrustedSender(frame: WebFrameMain | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false
  return isAppUrl(frame.url)
}

/**
 * Binds the one contract to ipcMain; every payload goes through the same dispatch as the web
 * host: here (given the handlers) or in the core's utility process (given its port client's `request`).
 */
export function bindIpc(
  core: Handlers | ((request: unknown) => Promise<RpcResult<unknown>>),
  errors?: ErrorLog,
  gestures?: UserGestures
): () => void {
  const answer = typeof core === 'function' ? core : (request: unknown) => dispatch(core, request, errors)
  ipcMain.handle(INVOKE_CHANNEL, async (event, request: unknown): Promise<RpcResult<unknown>> => {
    if (!isTrustedSender(event.senderFrame))
      return { ok: false, error: { code: 'forbidden', message: 'Untrusted sender' } }
    const refused = gestures?.refusal(event.sender, request)
    if (refused) return refused
    try {
      return await answer(request)
    } catch (error) {
      // dispatch and the port client never throw; anything here is a bug in main, shown with its id.
      const { message, requestId } = reportUnexpected(errors, 'an IPC call', error)
      return { ok: false, error: { code: 'internal', message, requestId } }
    }
  })
  return () => ipcMain.removeHandler(INVOKE_CHANNEL)
}

/** Tells one window how the core's process is doing (see CoreStatus). */
export function sendCoreStatus(
  contents: Pick<WebContents, 'isDestroyed' | 'send'>,
  status: CoreStatus
): void {
  if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, CORE_STATUS_EVENT, status)
}

/** Forwards core events to one window while it lives. */
export function forwardEvents(
  contents: WebContents,
  subscribe: (listener: (name: string, payload: unknown) => void) => () => void
): () => void {
  return subscribe((name, payload) => {
    if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, name, payload)
  })
}
