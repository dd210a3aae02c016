import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { makeTempDir } from '../helpers/tempHome'

const root = join(__dirname, '..', '..')
const electronInstalled = existsSync(join(root, 'node_modules/electron/path.txt'))

let temp: ReturnType<typeof makeTempDir>
let started: ChildProcess | undefined
beforeEach(() => (temp = makeTempDir()))
afterEach(() => {
  started?.kill('SIGKILL')
  temp.cleanup()
})

/**
 * A stand-in for the system's URL opener, first on PATH: it records the address it was given, so
 * the test sees what the user's browser would have been asked to open.
 */
function stubOpener(): { bin: string; opened: () => string } {
  const bin = join(temp.dir, 'bin')
  const record = join(temp.dir, 'opened.txt')
  mkdirSync(bin)
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${record}'\n`)
  chmodSync(join(bin, 'xdg-open'), 0o755)
  return { bin, opened: () => (existsSync(record) ? readFileSync(record, 'utf8') : '') }
}

/** Runs `npm start`'s script until it prints the address it serves; resolves with it and what it said. */
async function startHearth(env: NodeJS.ProcessEnv): Promise<{ url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: temp.dir,
      HEARTH_HOME: join(temp.dir, 'home'),
      HEARTH_SECRET_STORE: 'memory',
      ...env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  started = child
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before serving: ${stderr}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = /^Hearth is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/.exec(line)
      if (found?.[1]) resolve(found[1])
    })
  })
  return { url, stderr: () => stderr }
}

/** The contract over the page's own WebSocket, with the token the printed address carries. */
async function appInfo(pageUrl: string): Promise<unknown> {
  const page = new URL(pageUrl)
  const socket = new WebSocket(`ws://${page.host}/rpc?token=${page.searchParams.get('token') ?? ''}`, {
    origin: page.origin
  })
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject))
  const reply = new Promise<unknown>((resolve) =>
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: unknown; result?: unknown }
      if (message.id === 1) resolve(message.result)
    })
  )
  socket.send(JSON.stringify({ id: 1, method: 'app.info', input: {} }))
  const result = await reply
  socket.close()
  return result
}

async function stop(child: ChildProcess | undefined): Promise<number | null> {
  if (!child) return null
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  return exited
}

describe.skipIf(electronInstalled)('npm start where the desktop window cannot open', () => {
  it('tries to fetch Electron, and when the download fails serves the app, opens the browser and prints the address', async () => {
    const opener = stubOpener()
    const { url, stderr } = await startHearth({
      PATH: `${opener.bin}:${process.env.PATH ?? ''}`,
      DISPLAY: ':99',
      // Nothing listens on port 9: the download fails at once, as it does offline.
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      electron_config_cache: join(temp.dir, 'electron-cache')
    })
    expect(stderr()).toContain('Downloading Electron')
    expect(stderr()).toMatch(/the Electron download failed \(.+\)/)
    expect(stderr()).toContain('Starting Hearth in your browser instead')
    expect(stderr()).not.toMatch(/\n\s+at /)

    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    expect(await appInfo(url)).toMatchObject({ ok: true, value: { host: 'web' } })
    await expect.poll(opener.opened, { timeout: 5000 }).toBe(`${url}\n`)

    expect(await stop(started)).toBe(0)
    await expect(fetch(url)).rejects.toThrow()
  })

  it('without a display downloads nothing, opens no browser and prints the address', async () => {
    const opener = stubOpener()
    const { url, stderr } = await startHearth({
      PATH: `${opener.bin}:${process.env.PATH ?? ''}`,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/'
    })
    expect(stderr()).toContain('there is no display')
    expect(stderr()).not.toContain('Downloading Electron')
    expect((await fetch(url)).status).toBe(200)
    expect(opener.opened()).toBe('')
    expect(await stop(started)).toBe(0)
  })
})
