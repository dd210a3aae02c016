import { fork } from 'node:child_process'
import Database from 'better-sqlite3'
import { mkdirSync, readFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { homePaths } from '../../src/core/home/homePaths'
import { MemorySecretStore } from '../../src/core/ports/secretStore'
import type { CoreStatus } from '../../src/shared/contract/coreStatus'
import { superviseCore, type CoreChild, type CoreSupervisor } from '../../src/main/coreSupervisor'
import { mainErrorLog } from '../../src/main/mainLog'
import { makeTempDir } from '../helpers/tempHome'
import { ipcPort } from './ipcPort'

const CHILD = join(__dirname, 'coreChild.mjs')

/** A model endpoint that accepts connections and never answers: a call to it stays in flight. */
async function silentEndpoint(): Promise<{ url: string; connections: Socket[]; server: Server }> {
  const connections: Socket[] = []
  const server = createServer((socket) => void connections.push(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, connections, server }
}

let temp: ReturnType<typeof makeTempDir>
let endpoint: Awaited<ReturnType<typeof silentEndpoint>>
let supervisor: CoreSupervisor | undefined
let children: ReturnType<typeof fork>[] = []
beforeEach(async () => {
  temp = makeTempDir()
  endpoint = await silentEndpoint()
})
afterEach(async () => {
  await supervisor?.shutdown()
  supervisor = undefined
  children.forEach((child) => child.kill('SIGKILL'))
  children = []
  endpoint.connections.forEach((socket) => socket.destroy())
  endpoint.server.close()
  temp.cleanup()
})

/** The core's process as a Node child on the IPC channel, given its start message once it listens. */
function spawnChild(home: string): CoreChild {
  const child = fork(CHILD, [], {
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: {
      ...process.env,
      ANTHROPIC_API_KEY: 'sk-ant-test-supervisor',
      ANTHROPIC_BASE_URL: endpoint.url,
      HEARTH_LOG_LEVEL: 'info'
    }
  })
  children.push(child)
  child.stderr?.resume()
  const listening = (message: unknown): void => {
    if ((message as { kind?: unknown }).kind !== 'listening') return
    child.off('message', listening)
    child.send({ kind: 'start', home })
  }
  child.on('message', listening)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { port: ipcPort(child), exited, kill: () => child.kill('SIGKILL') }
}

function supervise(home: string, stableAfterMs = 0): { statuses: CoreStatus[]; spawned: () => number } {
  const statuses: CoreStatus[] = []
  let spawned = 0
  supervisor = superviseCore({
    spawn: () => (spawned++, spawnChild(home)),
    secrets: new MemorySecretStore(),
    log: mainErrorLog(home).log.child('main.core'),
    logFile: homePaths(home).logFile,
    onStatus: (status) => statuses.push(status),
    restartDelayMs: 100,
    stableAfterMs,
    shutdownLimitMs: 20_000
  })
  return { statuses, spawned: () => spawned }
}

/** Waits until the supervisor has seen the crash; a call sent before that is one in flight. */
async function crashNoticed(statuses: CoreStatus[]): Promise<void> {
  await expect
    .poll(() => statuses.some((status) => status.state === 'restarting'), { timeout: 10_000 })
    .toBe(true)
}

async function crash(statuses: CoreStatus[]): Promise<void> {
  lastChild().kill('SIGKILL')
  await crashNoticed(statuses)
}

const call = (method: string, input: unknown) => supervisor!.request({ method, input })
const lastChild = () => children.at(-1)!

describe('the core process under the main process', () => {
  it('fails a call in flight when the core is killed, restarts it once, and the next call works with what was written', async () => {
    const home = join(temp.dir, 'home')
    const { statuses, spawned } = supervise(home)
    expect(await call('agents.create', { name: 'Scribe' })).toMatchObject({
      ok: true,
      value: { id: 'scribe' }
    })

    const inFlight = call('models.testConnection', {})
    await expect.poll(() => endpoint.connections.length, { timeout: 20_000 }).toBeGreaterThan(0)
    lastChild().kill('SIGKILL')
    expect(await inFlight).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The Hearth core stopped before it answered.' }
    })

    await crashNoticed(statuses)
    expect(await call('agents.list', {})).toMatchObject({
      ok: true,
      value: [{ id: 'scribe', name: 'Scribe' }]
    })
    expect(spawned()).toBe(2)
    expect(statuses.map((status) => status.state)).toEqual(['running', 'restarting', 'running'])
    const restarting = statuses[1]
    const requestId = /request ([0-9a-f]{8})/.exec(
      restarting?.state === 'restarting' ? restarting.message : ''
    )?.[1]
    expect(requestId).toBeDefined()
    expect(readFileSync(homePaths(home).logFile, 'utf8')).toMatch(
      new RegExp(
        `ERROR \\[main\\.core\\] .*the core process was killed unexpectedly.*"requestId":"${requestId}"`
      )
    )
  }, 90_000)

  it('stops after a second crash right after the restart, and every call then says so and names the log', async () => {
    const home = join(temp.dir, 'home')
    const { statuses, spawned } = supervise(home, 60_000)
    expect(await call('app.info', {})).toMatchObject({ ok: true })
    await crash(statuses)
    expect(await call('app.info', {})).toMatchObject({ ok: true })
    lastChild().kill('SIGKILL')
    await expect.poll(() => statuses.at(-1)?.state, { timeout: 10_000 }).toBe('stopped')
    const stopped = statuses.at(-1)
    expect(stopped).toMatchObject({
      message: expect.stringMatching(
        /stopped again right after a restart \(it was killed; request [0-9a-f]{8}\)\.$/
      ),
      logFile: homePaths(home).logFile
    })
    const refused = await call('agents.list', {})
    expect(refused).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(refused)).toContain(homePaths(home).logFile)
    expect(spawned()).toBe(2)
  }, 90_000)

  it('shows why a core could not open and where the log is, without restarting it', async () => {
    const home = join(temp.dir, 'home')
    mkdirSync(home)
    // Another program's database in Hearth's place: the first migration cannot run.
    const foreign = new Database(join(home, 'hearth.db'))
    foreign.exec('CREATE TABLE agents (x INTEGER)')
    foreign.close()
    const { statuses, spawned } = supervise(home)

    const refused = await call('agents.list', {})
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining("Hearth's core could not start:") }
    })
    expect(statuses).toEqual([
      {
        state: 'stopped',
        message: expect.stringMatching(/could not start: .*already exists/),
        logFile: homePaths(home).logFile
      }
    ])
    await expect
      .poll(() => lastChild().signalCode ?? lastChild().exitCode, { timeout: 10_000 })
      .not.toBeNull()
    expect(spawned()).toBe(1)
    const log = readFileSync(homePaths(home).logFile, 'utf8')
    expect(log).toMatch(/\[core\] .*the database could not be opened or migrated/)
    expect(log).toMatch(/\[main\.core\] .*the core could not start/)
  }, 90_000)

  it('takes an exit after shutdown for the end it is, not a crash', async () => {
    const home = join(temp.dir, 'home')
    const { statuses, spawned } = supervise(home)
    expect(await call('app.info', {})).toMatchObject({ ok: true })
    const child = lastChild()
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    await supervisor!.shutdown()
    expect(await exited).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(statuses.map((status) => status.state)).toEqual(['running'])
    expect(spawned()).toBe(1)
  }, 90_000)
})
