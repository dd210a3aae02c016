import { shell, type Session, type WebContents } from 'electron'
import { isAppUrl } from './protocol'

/** Applied to every WebContents the app creates: no navigation away, no new windows. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
}

/**
 * Writing plain text to the clipboard (the Copy buttons on code and messages) is the one
 * permission granted; it can neither read the clipboard nor reach anything outside the app.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

/** Every other permission (camera, notifications, geolocation, clipboard reads, …) is denied. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)))
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission))
}

/** Only https links leave the app (in the user's browser); never file:, javascript: or custom schemes. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    return new URL(raw).protocol === 'https:'
  } catch {
    return false
  }
}
