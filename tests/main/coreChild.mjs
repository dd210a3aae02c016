// The core's process for tests: what Electron's utility process runs (src/main/worker/serveCore.ts),
// started with `fork` under plain Node, its port being the IPC channel (see ipcPort.ts). Node 20
// cannot run TypeScript, so jiti (a pinned devDependency) transpiles the sources on the fly.
import { createJiti } from 'jiti'

const jiti = createJiti(import.meta.url)
const { serveCore } = await jiti.import('../../src/main/worker/serveCore.ts')
const { ipcPort } = await jiti.import('./ipcPort.ts')
process.once('message', (start) => serveCore(ipcPort(process), start, (code) => process.exit(code)))
process.send({ kind: 'listening' })
