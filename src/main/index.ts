import { app, BrowserWindow, dialog, session } from 'electron'
import { join } from 'node:path'
import { resolveHomeDir } from '../core/home/homePaths'
import { forkCoreProcess } from './coreProcess'
import { superviseCore, type CoreSupervisor } from './coreSupervisor'
import { handleDownloads } from './downloads'
import { bindIpc, forwardEvents, sendCoreStatus } from './ipc'
import { UserGestures } from './userGestures'
import { createLinkOpener } from './linkOpener'
import { mainErrorLog, reportEscapedErrors } from './mainLog'
import { installApplicationMenu } from './menu'
import { developmentSqliteBinding, dropTestHooks, remoteDebuggingSwitch } from './packagedGuards'
import { registerAppScheme, rendererDir, rendererEntry, serveRenderer } from './protocol'
import { restartAfterHomeSwitch } from './restartAfterRestore'
import { SafeStorageSecretStore } from './safeStorageSecretStore'
import { hardenSession, hardenWebContents } from './security'
import { createMainWindow } from './window'

// The Electron shell only wires things: lifecycle, one window, security, IPC. All product logic is in
// core/, which runs in its own process (worker/coreWorker.ts) under the supervisor.
const home = resolveHomeDir(undefined)
const errors = mainErrorLog(home)
reportEscapedErrors(errors, (title, body) => dialog.showErrorBox(title, body))

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

let core: CoreSupervisor | undefined

function start(): void {
  installApplicationMenu(app.isPackaged, process.platform)
  hardenSession(session.defaultSession)
  handleDownloads(session.defaultSession, app.getPath('downloads'))
  serveRenderer(rendererDir())
  const nativeBinding = developmentSqliteBinding(app.isPackaged, process.env)
  dropTestHooks(app.isPackaged, process.env)
  const supervisor = superviseCore({
    spawn: () => forkCoreProcess({ home, ...(nativeBinding ? { nativeBinding } : {}) }),
    secrets: new SafeStorageSecretStore(join(app.getPath('userData'), 'anthropic-key.bin')),
    log: errors.log.child('main.core'),
    logFile: errors.file,
    onStatus: (status) =>
      BrowserWindow.getAllWindows().forEach((window) => sendCoreStatus(window.webContents, status))
  })
  core = supervisor
  const gestures = new UserGestures()
  bindIpc(restartAfterHomeSwitch(supervisor.request), errors, gestures)
  const window = createMainWindow({ packaged: app.isPackaged })
  gestures.watch(window.webContents)
  const stopForwarding = forwardEvents(window.webContents, supervisor.subscribe)
  // A status sent before the page listened (a core that failed at start) is sent again once it loads.
  window.webContents.on('did-finish-load', () => sendCoreStatus(window.webContents, supervisor.status()))
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
