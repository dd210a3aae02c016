import { MessageChannelMain, utilityProcess } from 'electron'
import { join } from 'node:path'
import type { SecretStore } from '../core/ports/secretStore'
import { serveSecrets } from '../core/rpc/portSecrets'
import { connectPort, type PortClient } from '../core/rpc/portTransport'
import { electronPort } from './electronPort'

/** What the utility process needs to open the core; sent once with its port. */
export interface CoreProcessStart {
  readonly kind: 'start'
  readonly home: string
  readonly nativeBinding?: string
}

const SHUTDOWN_LIMIT_MS = 60_000

export interface CoreProcess {
  readonly client: PortClient
  /** Ends this run's sessions (retention, Nexus summary) in the core, then stops its process. */
  shutdown(): Promise<void>
}

/**
 * Starts the core in an Electron utility process (off the UI thread: SQLite, chain verify, MCP
 * children and file locks never block a window) and connects to it over a MessagePort. The main
 * process keeps the secret store and answers the core's key requests on the same port.
 */
export function startCoreProcess(start: Omit<CoreProcessStart, 'kind'>, secrets: SecretStore): CoreProcess {
  const child = utilityProcess.fork(join(__dirname, 'coreWorker.js'), [], { serviceName: 'Hearth core' })
  const { port1, port2 } = new MessageChannelMain()
  child.postMessage({ kind: 'start', ...start } satisfies CoreProcessStart, [port2])
  const port = electronPort(port1)
  serveSecrets(port, secrets)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    client: connectPort(port),
    shutdown: async () => {
      port.postMessage({ kind: 'shutdown' })
      // Ending sessions may call the model; a core that never finishes must not keep the app open.
      const stuck = setTimeout(() => child.kill(), SHUTDOWN_LIMIT_MS)
      await exited
      clearTimeout(stuck)
    }
  }
}
