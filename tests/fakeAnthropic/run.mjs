// Plain-Node launcher: `node tests/fakeAnthropic/run.mjs [--port N] [--api-key K] [--delay-ms N]`.
// Node 20 cannot run TypeScript, so jiti (a pinned devDependency) transpiles
// standalone.ts on the fly. Prints {"url": …} as its first stdout line.
import { createJiti } from 'jiti'

const jiti = createJiti(import.meta.url)
const { main } = await jiti.import('./standalone.ts')
await main(process.argv.slice(2))
