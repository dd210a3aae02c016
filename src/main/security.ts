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

/** Every permission (camera, notifications, geolocation, …) is denied. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

/** Only https links leave the app (in the user's browser); never file:, javascript: or custom schemes. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    return new URL(raw).protocol === 'https:'
  } catch {
    return false
  }
}
