import { join } from 'node:path'
import type { Core } from '../../core/createCore'
import type { WebHost } from '../../server/webHost'
import type { ApiKeyStatus } from '../../shared/contract'
import { UsageError, type CliCommand, type CommandContext, type EarlyStart } from '../command'
import { CORE_CODE_SLICES } from '../../core/coreCodeSlices'

/** Said once at start, so nobody types a key into the page believing it will be kept when it will not. */
export function keyStorageLine(status: ApiKeyStatus): string {
  const where = status.storageNote ?? `An API key entered in the app is kept in ${status.storage}.`
  const detail = status.storageDetail === null ? '' : ` (The system said: ${status.storageDetail}.)`
  return `${where}${detail} Model requests go to ${status.origin}.`
}

const NOT_BUILT = 'The UI is not built. Run `npm run build` first.'

/** A host started before the core: `run` hands it the core (or the failure to open it). */
interface EarlyHost {
  readonly host: WebHost
  readonly coreOpened: (core: Core) => void
  readonly coreFailed: (error: unknown) => void
}

/** Keyed by the command's options object, which `early` and `run` share (one per invocation). */
const earlyHosts = new WeakMap<object, EarlyHost>()

function portOf(options: CommandContext['options']): number {
  const port = options.port === undefined ? 0 : Number(options.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a number between 0 and 65535`)
  return port
}

async function rendererDirOf(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const { rendererDirFrom } = await import('../../server/staticFiles')
  return rendererDirFrom([
    env.HEARTH_RENDERER_DIR ?? '',
    join(__dirname, '../renderer'),
    join(process.cwd(), 'out/renderer')
  ])
}

/** The web host (HTTP, WebSocket), loaded only when it serves, not for every CLI start. */
async function startHost(
  env: NodeJS.ProcessEnv,
  rendererDir: string,
  port: number,
  core: Core | Promise<Core>
): Promise<WebHost> {
  const { startWebHost } = await import('../../server/webHost')
  return startWebHost({
    core,
    rendererDir,
    port,
    ...(env.HEARTH_SERVE_TOKEN ? { token: env.HEARTH_SERVE_TOKEN } : {})
  })
}

/**
 * Listens and prints the address before the core is loaded, so the page and its code load while
 * the core does; a WebSocket's handshake waits for the core. Anything amiss (a bad --port, no
 * UI, a port taken) is left to `run`, which meets it again and reports it as ever.
 */
async function early(start: EarlyStart): Promise<void> {
  try {
    const rendererDir = await rendererDirOf(start.env)
    if (rendererDir === undefined) return
    let coreOpened: (core: Core) => void = () => undefined
    let coreFailed: (error: unknown) => void = () => undefined
    const core = new Promise<Core>((resolve, reject) => ((coreOpened = resolve), (coreFailed = reject)))
    const host = await startHost(start.env, rendererDir, portOf(start.options), core)
    earlyHosts.set(start.options, { host, coreOpened, coreFailed })
    start.print(JSON.stringify({ url: host.url }))
  } catch {
    // Left to run(), which starts the host again and reports what is wrong.
    return
  }
  await loadCoreCodeAfterFiles(start.options)
}

/** What `hearth serve` loads after printing its address: the core, then the code serving it on a socket. */
const SERVE_CODE_SLICES: readonly (() => Promise<unknown>)[] = [
  ...CORE_CODE_SLICES,
  () => import('../runCommand'),
  () => import('../../server/rpcSocket'),
  () => import('ws')
]

/**
 * The core's code (the contract's schemas, then the core's modules) takes a few hundred ms of
 * the only thread to load. Loaded in slices of a few tens of ms, each once the page's files being
 * asked for are served, the page loads and runs its code meanwhile, and the core is there about
 * when the page connects instead of long after.
 */
async function loadCoreCodeAfterFiles(options: object): Promise<void> {
  const host = earlyHosts.get(options)?.host
  if (host === undefined) return
  for (const slice of SERVE_CODE_SLICES) {
    await host.filesServed()
    await slice()
  }
  await host.filesServed()
}

/** The host `early` started, given the core now; or a host started now on the open core. */
async function hostWithCore(ctx: CommandContext): Promise<{ host: WebHost; core: Core } | undefined> {
  const started = earlyHosts.get(ctx.options)
  if (started !== undefined) {
    let core: Core
    try {
      core = ctx.core()
    } catch (error) {
      started.coreFailed(error)
      await started.host.close()
      throw error
    }
    started.coreOpened(core)
    return { host: started.host, core }
  }
  const port = portOf(ctx.options)
  const rendererDir = await rendererDirOf(ctx.env)
  if (rendererDir === undefined) return undefined
  const core = ctx.core()
  const host = await startHost(ctx.env, rendererDir, port, core)
  ctx.print(JSON.stringify({ url: host.url }))
  return { host, core }
}

export const serveCommand: CliCommand = {
  words: ['serve'],
  summary: 'serve the UI and the RPC on 127.0.0.1 (prints {url} with the token first)',
  usage: 'hearth serve [--port N]',
  options: { port: 'string' },
  positionals: [0, 0],
  coreOptions: () => ({ host: 'web' }),
  early,
  async run(ctx) {
    const served = await hostWithCore(ctx)
    if (served === undefined) return { code: 1, data: { error: NOT_BUILT }, text: NOT_BUILT }
    const { host, core } = served
    if (!ctx.json)
      ctx.print(
        `Hearth is being served at ${host.url}\nHome: ${core.services.paths.root}. Press Ctrl+C to stop.`
      )
    process.stderr.write(`hearth: ${keyStorageLine(await core.services.settings.apiKeyStatus())}\n`)
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    await host.close()
    await core.shutdown()
    return { data: null, text: '', silent: true }
  }
}
