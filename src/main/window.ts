import { BrowserWindow } from 'electron'
import { join } from 'node:path'

/**
 * The main window with the secure defaults: isolated, sandboxed, no Node, no webviews, no
 * middle-click (auxclick) navigation, and no developer tools in a packaged build.
 */
export function createMainWindow(options: { readonly packaged: boolean }): BrowserWindow {
  const window = new BrowserWindow({
    show: false,
    width: 1280,
    height: 820,
    title: 'Hearth',
    webPreferences: {
      // The preload exposes two fixed channels through contextBridge (never ipcRenderer or Node), and the
      // main process answers only its own top-level app:// page, validating every payload (ipc.ts).
      preload: join(__dirname, '../preload/index.js'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      devTools: !options.packaged,
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true
    }
  })
  window.once('ready-to-show', () => window.show())
  return window
}
