import type { MessagePortMain } from 'electron'
import { CoreStartMessage } from '../coreProtocol'
import { electronPort } from '../electronPort'
import { serveCore } from './serveCore'

// The entry of the core's utility process: it waits for its port from main, then opens the core
// on it (serveCore). The only place of the desktop app where createCore runs; the layer lint keeps
// it off the main thread.
process.parentPort.once('message', (event: { data: unknown; ports: MessagePortMain[] }) => {
  const channel = event.ports[0]
  const start = CoreStartMessage.safeParse(event.data)
  if (!channel || !start.success) return process.exit(1)
  serveCore(electronPort(channel), start.data, (code) => process.exit(code))
})
