import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/contract/channels'
import { CORE_STATUS_EVENT } from '../shared/contract/coreStatus'
import type { Logger } from '../core/ports/logger'
import { silentLogger } from '../core/ports/logger'

/** A MessagePortMain stand-in: two linked ends, messages delivered as Electron's `{ data }` events. */
class FakePortMain extends EventEmitter {
  other: FakePortMain | undefined
  start(): void {}
  postMessage(data: unknown): void {
    queueMicrotask(() => this.other?.emit('message', { data }))
  }
  close(): void {
    this.emit('close')
    this.other?.emit('close')
  }
}

/** A UtilityProcess stand-in: records what main posts to it; `kill` ends it with a signal's exit code. */
class FakeUtilityProcess extends EventEmitter {
  readonly sent: { message: unknown; ports: unknown[] }[] = []
  postMessage(message: unknown, ports: unknown[]): void {
    this.sent.push({ message, ports })
  }
  kill(): boolean {
    queueMicrotask(() => this.emit('exit', 9))
    return true
  }
}

const electron = vi.hoisted(() => ({
  forks: [] as { path: string; options: unknown; child: unknown }[],
  handlers: new Map<string, (event: unknown, request: unknown) => unknown>()
}))
vi.mock('electron', () => ({
  utilityProcess: {
    fork: (path: string, _args: string[], options: unknown) => {
      const child = new FakeUtilityProcess()
      electron.forks.push({ path, options, child })
      return child
    }
  },
  MessageChannelMain: class {
    readonly port1 = new FakePortMain()
    readonly port2 = new FakePortMain()
    constructor() {
      this.port1.other = this.port2
      this.port2.other = this.port1
    }
  },
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, request: unknown) => unknown) =>
      electron.handlers.set(channel, fn),
    removeHandler: (channel: string) => electron.handlers.delete(channel)
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
}))

const { forkCoreProcess } = await import('./coreProcess')
const { bindIpc, sendCoreStatus } = await import('./ipc')

afterEach(() => {
  electron.forks.length = 0
  electron.handlers.clear()
})

describe('the core process in the Electron shell', () => {
  it('forks the worker bundle as a utility process and hands it its start message and port', async () => {
    const core = forkCoreProcess({ home: '/home/ana/.hearth', nativeBinding: '/dev/sqlite.node' })
    const fork = electron.forks[0]
    expect(fork?.path).toMatch(/[\\/]coreWorker\.js$/)
    expect(fork?.options).toEqual({ serviceName: 'Hearth core' })
    const child = fork?.child as { sent: { message: unknown; ports: FakePortMain[] }[] }
    expect(child.sent).toHaveLength(1)
    expect(child.sent[0]?.message).toEqual({
      kind: 'start',
      home: '/home/ana/.hearth',
      nativeBinding: '/dev/sqlite.node'
    })
    // What main posts on its end arrives on the port the utility process was given.
    const workerEnd = child.sent[0]?.ports[0]
    const received: unknown[] = []
    workerEnd?.on('message', (event: { data: unknown }) => received.push(event.data))
    core.port.postMessage({ kind: 'shutdown' })
    await vi.waitFor(() => expect(received).toEqual([{ kind: 'shutdown' }]))
    core.kill()
    expect(await core.exited).toBe(9)
  })

  it('tells a window how the core is doing on the event channel, and never a destroyed one', () => {
    const send = vi.fn()
    sendCoreStatus({ isDestroyed: () => false, send }, { state: 'running' })
    expect(send).toHaveBeenCalledWith(EVENT_CHANNEL, CORE_STATUS_EVENT, { state: 'running' })
    const gone = vi.fn()
    sendCoreStatus({ isDestroyed: () => true, send: gone }, { state: 'running' })
    expect(gone).not.toHaveBeenCalled()
  })

  it('answers an IPC call that failed inside main with an error naming a request id, and logs it', async () => {
    const lines: unknown[][] = []
    const log: Logger = { ...silentLogger, error: (...line) => void lines.push(line), child: () => log }
    bindIpc(async () => Promise.reject(new Error('port vanished')), {
      log,
      file: '/home/ana/.hearth/logs/hearth.log'
    })
    const answer = await electron.handlers.get(INVOKE_CHANNEL)?.(
      { senderFrame: { url: 'app://hearth/index.html', parent: null } },
      { method: 'app.info', input: {} }
    )
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(
          /^port vanished \(request [0-9a-f]{8}, details in \/home\/ana\/\.hearth\/logs\/hearth\.log\)$/
        )
      }
    })
    expect(lines).toEqual([
      ['unexpected error in an IPC call', expect.objectContaining({ error: expect.any(Error) })]
    ])
  })
})
