import type { Logger } from '../core/ports/logger'
import type { SecretStore } from '../core/ports/secretStore'
import { serveSecrets } from '../core/rpc/portSecrets'
import { connectPort, CORE_GONE, type PortClient, type PortLike } from '../core/rpc/portTransport'
import { newRequestId } from '../core/rpc/unexpectedErrors'
import type { RpcResult } from '../shared/contract'
import type { CoreStatus } from '../shared/contract/coreStatus'
import { CoreReport, SHUTDOWN_MESSAGE } from './coreProtocol'

/** One run of the core's process, as the supervisor sees it (Electron's utility process; a Node child in tests). */
export interface CoreChild {
  readonly port: PortLike
  /** Settles once the process has exited, with its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>
  kill(): void
}

export interface SupervisorOptions {
  /** Starts a new core process and hands it its start message. */
  readonly spawn: () => CoreChild
  readonly secrets: SecretStore
  /** The main process's log; a crash is recorded there under the request id the window shows. */
  readonly log: Logger
  readonly logFile: string
  readonly onStatus: (status: CoreStatus) => void
  /** Wait before the restart after a crash. */
  readonly restartDelayMs?: number
  /** A core that crashes again within this time after its restart is not restarted a second time. */
  readonly stableAfterMs?: number
  /** Ending the sessions may call the model; a core that never finishes must not keep the app open. */
  readonly shutdownLimitMs?: number
  readonly now?: () => number
}

export interface CoreSupervisor {
  /** A contract call (`{method, input}`, unchecked: the core's dispatch checks it); never rejects. */
  request(raw: unknown): Promise<RpcResult<unknown>>
  /** The core's events, from every run of its process. */
  subscribe(listener: (name: string, payload: unknown) => void): () => void
  status(): CoreStatus
  /** Ends this run's sessions in the core (retention, Nexus summary), then stops its process. */
  shutdown(): Promise<void>
}

interface Run {
  readonly child: CoreChild
  readonly client: PortClient
  readonly inFlight: Set<(result: RpcResult<unknown>) => void>
  ready: boolean
  /** Its port closed or its process exited: it answers nothing more. */
  gone: boolean
}

/**
 * Keeps the core's process running under the main process: it watches the process at all times,
 * shows a crash (status `restarting`), starts it again once after a pause, and gives up — status
 * `stopped`, with what failed and where the log is — when the core cannot open or crashes again
 * right after its restart. The window is never reloaded, so what the user typed stays on screen;
 * calls made while the core restarts wait for it, and calls it was answering fail with an error.
 */
export function superviseCore(options: SupervisorOptions): CoreSupervisor {
  const now = options.now ?? Date.now
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const waiting = new Set<() => void>()
  let status: CoreStatus = { state: 'starting' }
  let current: Run | undefined
  let lastRestartAt: number | undefined
  let quitting = false

  const setStatus = (next: CoreStatus): void => {
    status = next
    if (next.state === 'running' || next.state === 'stopped') waiting.forEach((wake) => wake())
    options.onStatus(next)
  }

  const stop = (message: string): void => setStatus({ state: 'stopped', message, logFile: options.logFile })

  function launch(): void {
    const child = options.spawn()
    serveSecrets(child.port, options.secrets)
    const run: Run = {
      child,
      client: connectPort(child.port),
      inFlight: new Set(),
      ready: false,
      gone: false
    }
    current = run
    run.client.subscribe((name, payload) => listeners.forEach((listener) => listener(name, payload)))
    child.port.onMessage((data) => {
      const report = CoreReport.safeParse(data)
      if (!report.success || run !== current) return
      if (report.data.kind === 'ready') {
        run.ready = true
        setStatus({ state: 'running' })
        return
      }
      options.log.error('the core could not start', { reason: report.data.message })
      // The same cause would stop a second start, so there is no restart; the process is ended.
      setStatus({
        state: 'stopped',
        message: `Hearth's core could not start: ${report.data.message}`,
        logFile: report.data.logFile
      })
      child.kill()
    })
    // Whichever comes first: the port closing (the process died) or the exit itself.
    child.port.onClose(() => gone(run, child.exited))
    void child.exited.then((code) => gone(run, Promise.resolve(code)))
  }

  function gone(run: Run, exitCode: Promise<number | null>): void {
    if (run.gone) return
    run.gone = true
    run.inFlight.forEach((resolve) => resolve(CORE_GONE))
    run.inFlight.clear()
    if (run !== current || quitting || status.state === 'stopped') return
    // Calls from now on wait for the restart instead of reaching a dead port.
    status = { state: 'restarting', message: "Hearth's core stopped unexpectedly." }
    void exitCode.then((code) => crashed(code))
  }

  function crashed(code: number | null): void {
    if (quitting) return
    const requestId = newRequestId()
    const how = code === null ? 'was killed' : `exited with code ${code}`
    options.log.error(`the core process ${how} unexpectedly`, { requestId, code })
    const reference = `request ${requestId}`
    if (lastRestartAt !== undefined && now() - lastRestartAt < (options.stableAfterMs ?? 60_000)) {
      stop(`Hearth's core stopped again right after a restart (it ${how}; ${reference}).`)
      return
    }
    setStatus({
      state: 'restarting',
      message: `Hearth's core stopped unexpectedly (it ${how}; ${reference}).`
    })
    setTimeout(() => {
      if (quitting) return
      lastRestartAt = now()
      launch()
    }, options.restartDelayMs ?? 1000)
  }

  async function call(raw: unknown): Promise<RpcResult<unknown>> {
    while (status.state === 'starting' || status.state === 'restarting')
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          waiting.delete(wake)
          resolve()
        }
        waiting.add(wake)
      })
    const run = current
    if (status.state === 'stopped' || !run?.ready || run.gone)
      return {
        ok: false,
        error: { code: 'internal', message: `${stoppedMessage(status)} Details in ${options.logFile}.` }
      }
    return new Promise((resolve) => {
      run.inFlight.add(resolve)
      void run.client.request(raw).then((result) => {
        run.inFlight.delete(resolve)
        resolve(result)
      })
    })
  }

  launch()
  return {
    request: call,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    status: () => status,
    shutdown: async () => {
      quitting = true
      const run = current
      if (!run) return
      run.child.port.postMessage(SHUTDOWN_MESSAGE)
      const stuck = setTimeout(() => run.child.kill(), options.shutdownLimitMs ?? 60_000)
      await run.child.exited
      clearTimeout(stuck)
    }
  }
}

function stoppedMessage(status: CoreStatus): string {
  return status.state === 'stopped' ? status.message : "Hearth's core is not running."
}
