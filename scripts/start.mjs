#!/usr/bin/env node
// `npm start`: builds if needed, prepares a better-sqlite3 build for Electron's ABI (kept apart from
// the Node build the CLI and tests use), then launches the desktop app. Where Electron is not
// installed (its binary download is blocked), it says so in plain words and points to `hearth serve`.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH)
    return join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron')
  const dir = join(root, 'node_modules', 'electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

function explainNoElectron() {
  process.stderr.write(
    [
      'Hearth cannot open the desktop window here: the Electron binary is not installed on this machine',
      '(its download from GitHub is blocked or failed, so node_modules/electron has no dist/ folder).',
      '',
      'Use Hearth in your browser instead — same app, same data:',
      '  npm run build && node bin/hearth.js serve',
      'then open the printed http://127.0.0.1:… URL (it carries a one-time token).',
      '',
      'To get the desktop app, run `npx install-electron` on a machine that can reach github.com, then `npm start`.',
      ''
    ].join('\n')
  )
}

function ensureBuilt() {
  if (
    existsSync(join(root, 'out', 'main', 'index.js')) &&
    existsSync(join(root, 'out', 'renderer', 'index.html'))
  )
    return
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/** Builds better-sqlite3 for Electron's ABI in .electron-native/, leaving node_modules' Node build intact. */
async function electronSqliteBinding() {
  const electronVersion = JSON.parse(
    readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')
  ).version
  const stage = join(root, '.electron-native', electronVersion)
  const binding = join(stage, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
  if (existsSync(binding)) return binding
  mkdirSync(join(stage, 'node_modules'), { recursive: true })
  writeFileSync(
    join(stage, 'package.json'),
    JSON.stringify({ name: 'hearth-electron-native', private: true, dependencies: { 'better-sqlite3': '*' } })
  )
  cpSync(join(root, 'node_modules/better-sqlite3'), join(stage, 'node_modules/better-sqlite3'), {
    recursive: true
  })
  process.stderr.write(`Building better-sqlite3 for Electron ${electronVersion} (once)…\n`)
  const { rebuild } = require('@electron/rebuild')
  await rebuild({ buildPath: stage, electronVersion, onlyModules: ['better-sqlite3'], force: true })
  return binding
}

const binary = electronBinary()
if (!binary) {
  explainNoElectron()
  process.exit(1)
}
ensureBuilt()
try {
  const binding = await electronSqliteBinding()
  const child = spawn(binary, ['.'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HEARTH_ELECTRON_SQLITE_BINDING: binding }
  })
  child.on('exit', (code) => process.exit(code ?? 0))
} catch (error) {
  process.stderr.write(
    `Could not prepare the database driver for Electron: ${error instanceof Error ? error.message : String(error)}\n`
  )
  process.stderr.write('Run Hearth in the browser instead: npm run build && node bin/hearth.js serve\n')
  process.exit(1)
}
