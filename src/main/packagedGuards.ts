import type { CommandLine } from 'electron'

/** Chromium switches that let another program drive the app through the DevTools protocol. */
const REMOTE_DEBUGGING_SWITCHES = ['remote-debugging-port', 'remote-debugging-pipe'] as const

/**
 * The remote-debugging switch a packaged build was started with, if any. The fuses already
 * refuse Node's --inspect; Chromium's own debugging server is a switch, not a fuse, so a
 * packaged Hearth checks for it and quits rather than run with a debugger port open.
 */
export function remoteDebuggingSwitch(commandLine: Pick<CommandLine, 'hasSwitch'>): string | undefined {
  return REMOTE_DEBUGGING_SWITCHES.find((name) => commandLine.hasSwitch(name))
}

/**
 * The better-sqlite3 build `npm start` made for Electron's ABI (HEARTH_ELECTRON_SQLITE_BINDING),
 * honoured only in development: in a packaged app an environment variable must not choose a
 * native library for the core to load (the packaged app carries its own rebuilt driver).
 */
export function developmentSqliteBinding(packaged: boolean, env: NodeJS.ProcessEnv): string | undefined {
  if (packaged) return undefined
  const binding = env.HEARTH_ELECTRON_SQLITE_BINDING?.trim()
  return binding ? binding : undefined
}

/** Variables only the test suite sets; a packaged app drops them before the core process starts. */
const TEST_HOOKS = ['HEARTH_TEST_CRASH_AT'] as const

/**
 * Removes the test-only hooks from a packaged app's environment, which the core process inherits.
 * The core already ignores them outside a test run; this keeps a packaged build from even seeing them.
 */
export function dropTestHooks(packaged: boolean, env: NodeJS.ProcessEnv): void {
  if (!packaged) return
  for (const name of TEST_HOOKS) delete env[name]
}
