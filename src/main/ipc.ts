import { ipcMain, type WebContents, type WebFrameMain } from 'electron'
import type { Handlers, RpcResult } from '../shared/contract'
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/contract/channels'
import { dispatch } from '../core/rpc/dispatch'
import { isAppUrl } from './protocol'

/** Accepts calls only from our own top-level page, never from iframes or foreign origins. */
export function isTrustedSender(frame: WebFrameMain | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false
  return isAppUrl(frame.url)
}

/**
 * Binds the one contract to ipcMain; every payload goes through the same dispatch as the web
 * host: here (given the handlers) or in the core's utility process (given its port client's `request`).
 */
export function bindIpc(core: Handlers | ((request: unknown) => Promise<RpcResult<unknown>>)): () => void {
  const answer = typeof core === 'function' ? core : (request: unknown) => dispatch(core, request)
  ipcMain.handle(INVOKE_CHANNEL, (event, request: unknown) =>
    isTrustedSender(event.senderFrame)
      ? answer(request)
      : { ok: false, error: { code: 'forbidden', message: 'Untrusted sender' } }
  )
  return () => ipcMain.removeHandler(INVOKE_CHANNEL)
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
