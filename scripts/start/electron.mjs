// The desktop half of `npm start`: find the Electron binary or fetch it (Electron has no install
// script; its own helper downloads on first use), and build better-sqlite3 for Electron's ABI.
// Every step throws with a plain reason; start.mjs turns that into the browser fallback.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The Electron executable when it is installed, else undefined. */
export function installedElectron(root) {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH)
    return join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron')
  const dir = join(root, 'node_modules', 'electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

export function electronVersion(root) {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version
}

/**
 * Downloads the Electron binary with a progress line, then lets Electron's own installer unpack it
 * from the download cache (so the checksums, the cache and the unpacking stay Electron's).
 */
export async function downloadElectron(root, progress) {
  const electronDir = join(root, 'node_modules', 'electron')
  const fromElectron = createRequire(join(electronDir, 'package.json'))
  const { downloadArtifact } = await import(pathToFileURL(fromElectron.resolve('@electron/get')).href)
  const version = electronVersion(root)
  await downloadArtifact({
    version,
    artifactName: 'electron',
    platform: process.env.ELECTRON_INSTALL_PLATFORM ?? process.env.npm_config_platform ?? process.platform,
    arch: process.env.ELECTRON_INSTALL_ARCH ?? process.env.npm_config_arch ?? process.arch,
    cacheRoot: process.env.electron_config_cache,
    checksums: fromElectron('./checksums.json'),
    downloadOptions: { quiet: true, getProgressCallback: progress }
  })
  const unpack = spawnSync(process.execPath, [join(electronDir, 'install.js')], { encoding: 'utf8' })
  if (unpack.status !== 0)
    throw new Error(`unpacking Electron failed: ${lastLine(unpack.stderr) || `exit ${unpack.status}`}`)
  const binary = installedElectron(root)
  if (!binary) throw new Error('the Electron download finished but left no executable')
  return binary
}

/** A progress printer: one rewritten line on a terminal, a line per 10 % otherwise. */
export function progressPrinter(stream, label) {
  let lastTenth = -1
  return ({ transferred, total, percent }) => {
    const size = total ? ` of ${Math.round(total / 1e6)} MB` : ''
    const line = `${label}: ${Math.floor(percent * 100)} %${size} (${Math.round(transferred / 1e6)} MB)`
    if (stream.isTTY) {
      stream.write(`\r${line}${percent >= 1 ? '\n' : ''}`)
      return
    }
    const tenth = Math.floor(percent * 10)
    if (tenth > lastTenth) stream.write(`${line}\n`)
    lastTenth = tenth
  }
}

/** Builds better-sqlite3 for Electron's ABI in .electron-native/, leaving node_modules' Node build intact. */
export async function electronSqliteBinding(root) {
  const version = electronVersion(root)
  const stage = join(root, '.electron-native', version)
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
  process.stderr.write(`Building better-sqlite3 for Electron ${version} (once)…\n`)
  const { rebuild } = createRequire(join(root, 'package.json'))('@electron/rebuild')
  await rebuild({ buildPath: stage, electronVersion: version, onlyModules: ['better-sqlite3'], force: true })
  return binding
}

function lastLine(text) {
  return (text ?? '').trim().split('\n').at(-1) ?? ''
}
