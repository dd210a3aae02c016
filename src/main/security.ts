import type { Event, WebContents } from 'electron'
import { isAppUrl } from './protocol'

/** Stops any navigation that would leave our own app:// pages. */
function stayInApp(event: Event<{ readonly url: string }>): void {
  if (!isAppUrl(event.url)) event.preventDefault()
}

/**
 * Applied to every WebContents the app creates: no navigation away (by a link, by script, by a
 * server redirect, in a subframe), no webviews, no new windows. Links the page opens are handed
 * to `openLink`, which decides whether they may go to the user's browser.
 */
export function hardenWebContents(contents: WebContents, openLink: (url: string) => void): void {
  contents.on('will-navigate', stayInApp)
  contents.on('will-redirect', stayInApp)
  contents.on('will-frame-navigate', stayInApp)
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    openLink(url)
    return { action: 'deny' }
  })
}

/**
 * Writing plain text to the clipboard (the Copy buttons on code and messages) is the one
 * permission granted; it can neither read the clipboard nor reach anything outside the app.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

/** The part of an Electron session hardenSession sets: who may ask for which permission. */
export interface PermissionGate {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void
  ): void
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void
}

/** Every other permission (camera, notifications, geolocation, clipboard reads, …) is denied. */
export function hardenSession(session: PermissionGate): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission))
  )
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission))
}
