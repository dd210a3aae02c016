import { app, BrowserWindow, session } from 'electron'
import { join } from 'node:path'
import { resolveHomeDir } from '../core/home/homePaths'
import { startCoreProcess, type CoreProcess } from './coreProcess'
import { handleDownloads } from './downloads'
import { bindIpc, forwardEvents } from './ipc'
import { createLinkOpener } from './linkOpener'
import { installApplicationMenu } from './menu'
import { remoteDebuggingSwitch } from './packagedGuards'
import { registerAppScheme, rendererDir, rendererEntry, serveRenderer } from './protocol'
import { SafeStorageSecretStore } from './safeStorageSecretStore'
import { hardenSession, hardenWebContents } from './security'
import { createMainWindow } from './window'

// The Electron shell only wires things: lifecycle, one window, security, IPC. All product logic is in core/.
const debugSwitch = app.isPackaged ? remoteDebuggingSwitch(app.commandLine) : undefined
if (debugSwitch !== undefined) {
  process.stderr.write(
    `Hearth does not start with --${debugSwitch}: it would let other programs control the app.\n`
  )
  app.exit(1)
} else if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  registerAppScheme()
  const openLink = createLinkOpener(app.getPath('userData'))
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, (url) => void openLink(url))
  )
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus())
  app.on('window-all-closed', () => app.quit())
  void app.whenReady().then(start)
}

let core: CoreProcess | undefined

function start(): void {
  installApplicationMenu(app.isPackaged, process.platform)
  hardenSession(session.defaultSession)
  handleDownloads(session.defaultSession, app.getPath('downloads'))
  serveRenderer(rendererDir())
  // The core runs in a utility process; main keeps windows, menus, the app protocol and the secret store.
  core = startCoreProcess(
    {
      home: resolveHomeDir(undefined),
      ...(process.env.HEARTH_ELECTRON_SQLITE_BINDING
        ? { nativeBinding: process.env.HEARTH_ELECTRON_SQLITE_BINDING }
        : {})
    },
    new SafeStorageSecretStore(join(app.getPath('userData'), 'anthropic-key.bin'))
  )
  bindIpc(core.client.request)
  const window = createMainWindow({ packaged: app.isPackaged })
  const stopForwarding = forwardEvents(window.webContents, core.client.subscribe)
  window.on('closed', stopForwarding)
  void window.loadURL(rendererEntry())
}

// Quitting ends the sessions of this run first, so retention and the Nexus summary happen (spec §4).
let shuttingDown = false
app.on('before-quit', (event) => {
  if (!core || shuttingDown) return
  event.preventDefault()
  shuttingDown = true
  const running = core
  void running.shutdown().finally(() => {
    core = undefined
    app.quit()
  })
})
