import { BrowserWindow } from 'electron'
import { join } from 'node:path'

/** The main window with the secure defaults of STYLE.md §3.6. */
export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    show: false,
    width: 1280,
    height: 820,
    title: 'Hearth',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: true
    }
  })
  window.once('ready-to-show', () => window.show())
  return window
}
