#!/usr/bin/env node
// `npm start`: one command, the app running. It builds if needed, then opens the desktop window;
// on the first start it fetches the Electron binary (with progress). Where the window cannot open
// (no display, the download or the database driver build failed, Electron quit at once) it runs
// the same app in the browser instead: `hearth serve`, the page opened in the default browser
// where there is one, the address printed.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { forwardTermination, hasDisplay, runBrowserHost } from './start/browserHost.mjs'
import {
  downloadElectron,
  electronSqliteBinding,
  electronVersion,
  installedElectron,
  progressPrinter
} from './start/electron.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** An Electron that exits with an error this soon never showed a window (missing libraries, a GPU refusal). */
const EARLY_EXIT_MS = 10_000

function ensureBuilt() {
  const built = ['out/main/index.js', 'out/renderer/index.html', 'out/cli/main.js'].every((file) =>
    existsSync(join(root, file))
  )
  if (built) return
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32'
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

async function electronOrWhyNot() {
  if (!hasDisplay()) return { why: 'there is no display (no DISPLAY or WAYLAND_DISPLAY)' }
  let binary = installedElectron(root)
  if (!binary) {
    const label = `Downloading Electron ${electronVersion(root)} for the desktop window (first start only)`
    process.stderr.write(`${label}…\n`)
    try {
      binary = await downloadElectron(root, progressPrinter(process.stderr, label))
    } catch (error) {
      return { why: `the Electron download failed (${reason(error)})` }
    }
  }
  try {
    return { binary, binding: await electronSqliteBinding(root) }
  } catch (error) {
    return { why: `the database driver could not be built for Electron (${reason(error)})` }
  }
}

/** Runs the desktop app; resolves with its exit code, or with `undefined` when it quit at once with an error. */
function runDesktop(binary, binding) {
  const started = Date.now()
  const child = spawn(binary, ['.'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HEARTH_ELECTRON_SQLITE_BINDING: binding }
  })
  forwardTermination(child)
  return new Promise((resolve) => {
    child.on('error', () => resolve(undefined))
    child.on('exit', (code) =>
      resolve(code !== 0 && Date.now() - started < EARLY_EXIT_MS ? undefined : (code ?? 0))
    )
  })
}

function reason(error) {
  return error instanceof Error ? error.message : String(error)
}

function fallBack(why) {
  process.stderr.write(
    `The desktop window cannot open here: ${why}.\nStarting Hearth in your browser instead (the same app and the same data).\n`
  )
  return runBrowserHost(root)
}

ensureBuilt()
const desktop = await electronOrWhyNot()
let code
if (desktop.binary) {
  code = await runDesktop(desktop.binary, desktop.binding)
  if (code === undefined) code = await fallBack('Electron quit as it started (its messages are above)')
} else {
  code = await fallBack(desktop.why)
}
process.exit(code)
