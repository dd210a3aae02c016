import { MessageChannelMain, utilityProcess } from 'electron'
import { join } from 'node:path'
import type { CoreStart } from './coreProtocol'
import type { CoreChild } from './coreSupervisor'
import { electronPort } from './electronPort'

/**
 * Starts the core in an Electron utility process (off the UI thread: SQLite, chain verify, MCP
 * children and file locks never block a window), connected over a MessagePort; the supervisor
 * (coreSupervisor.ts) decides when to call this again.
 */
export function forkCoreProcess(start: Omit<CoreStart, 'kind'>): CoreChild {
  const child = utilityProcess.fork(join(__dirname, 'coreWorker.js'), [], { serviceName: 'Hearth core' })
  const { port1, port2 } = new MessageChannelMain()
  child.postMessage({ kind: 'start', ...start } satisfies CoreStart, [port2])
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { port: electronPort(port1), exited, kill: () => child.kill() }
}
