import type { MessagePortMain } from 'electron'
import { createCore } from '../core/createCore'
import { portSecretStore } from '../core/rpc/portSecrets'
import { servePort } from '../core/rpc/portTransport'
import type { CoreProcessStart } from './coreProcess'
import { electronPort } from './electronPort'

// The entry of the core's utility process: it waits for its port from main, opens the core on
// it and serves the contract there until main asks it to shut down.
process.parentPort.once('message', (event: { data: CoreProcessStart; ports: MessagePortMain[] }) => {
  const channel = event.ports[0]
  if (!channel) return process.exit(1)
  const port = electronPort(channel)
  const core = createCore({
    home: event.data.home,
    host: 'electron',
    secrets: portSecretStore(port),
    ...(event.data.nativeBinding ? { nativeBinding: event.data.nativeBinding } : {})
  })
  servePort(port, core)
  port.onMessage((data) => {
    if (typeof data !== 'object' || data === null || (data as { kind?: unknown }).kind !== 'shutdown') return
    void core.shutdown().finally(() => {
      core.dispose()
      process.exit(0)
    })
  })
})
