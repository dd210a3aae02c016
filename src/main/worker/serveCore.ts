import { createCore, type Core } from '../../core/createCore'
import type { CoreOptions } from '../../core/coreOptions'
import { homePaths } from '../../core/home/homePaths'
import { portSecretStore } from '../../core/rpc/portSecrets'
import { servePort, type PortLike } from '../../core/rpc/portTransport'
import { reportUnexpected } from '../../core/rpc/unexpectedErrors'
import { isShutdown, type CoreReport, type CoreStart } from '../coreProtocol'

/**
 * The core's process (Electron's utility process; a Node child in tests): opens the core and
 * serves the contract on `port` until main asks it to shut down. A core that cannot open says so
 * on the port, with the log file to read, and waits for main to end the process; an error that
 * escapes later is logged before the process exits, so main's restart has a record to point at.
 */
export function serveCore(
  port: PortLike,
  start: CoreStart,
  exit: (code: number) => void,
  open: (options: CoreOptions) => Core = createCore
): void {
  let core: Core
  try {
    core = open({
      home: start.home,
      host: 'electron',
      secrets: portSecretStore(port),
      ...(start.nativeBinding ? { nativeBinding: start.nativeBinding } : {})
    })
  } catch (error) {
    const failed: CoreReport = {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      logFile: homePaths(start.home).logFile
    }
    port.postMessage(failed)
    return
  }
  const fatal = (error: unknown): void => {
    reportUnexpected(core.errorLog, 'the core process', error)
    exit(1)
  }
  process.on('uncaughtException', fatal)
  process.on('unhandledRejection', fatal)
  servePort(port, core)
  port.postMessage({ kind: 'ready' } satisfies CoreReport)
  port.onMessage((data) => {
    if (!isShutdown(data)) return
    void core.shutdown().finally(() => {
      core.dispose()
      exit(0)
    })
  })
}
