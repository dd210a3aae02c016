/**
 * What the app's page may ask of the core in the desktop app. The page is the most exposed part
 * of the app (it renders text from models, files and other runtimes), so the bridge gives it a
 * subset of the contract, and the main process checks it again:
 * - withheld: methods the app has no screen for that replace the home in place or start
 *   servers a project lists; only the CLI calls them.
 * - gesture: methods that start processes (MCP servers, git, a confirmed tool), write the
 *   configuration, or back up and replace the home. Main answers them only within a moment of a real click or key press in the
 *   window, which it sees itself (a script in the page cannot fake one).
 */
export const WITHHELD_FROM_RENDERER: ReadonlySet<string> = new Set([
  'backup.restore',
  'tools.decideProjectServers'
])

export const GESTURE_METHODS: ReadonlySet<string> = new Set([
  'settings.update',
  'settings.setApiKey',
  'knowledge.setEmbeddings',
  'tools.saveServer',
  'tools.removeServer',
  'tools.setEnabled',
  'tools.testServer',
  'tools.confirm',
  'skills.setEnabled',
  'nexus.sync.configure',
  'nexus.sync.run',
  'nexus.sync.newDeviceId',
  'nexus.sync.release',
  'nexus.settings.update',
  'nexus.members.bind',
  'nexus.members.revoke',
  'backup.create',
  'backup.stageRestore',
  'backup.undoRestore'
])

/** How recent the click or key press must be for a gesture method. */
export const GESTURE_WINDOW_MS = 10_000

export const WITHHELD_MESSAGE = (method: string): string =>
  `${method} is not available to the app's window; run it from the command line (hearth).`

export const GESTURE_MESSAGE = (method: string): string =>
  `${method} starts a process or changes the configuration, so it runs only right after you click or press a key in the window. Try again from its button.`
