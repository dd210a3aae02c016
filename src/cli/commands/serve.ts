import { join } from 'node:path'
import type { ApiKeyStatus } from '../../shared/contract'
import { UsageError, type CliCommand } from '../command'

/** Said once at start, so nobody types a key into the page believing it will be kept when it will not. */
export function keyStorageLine(status: ApiKeyStatus): string {
  const where = status.storageNote ?? `An API key entered in the app is kept in ${status.storage}.`
  const detail = status.storageDetail === null ? '' : ` (The system said: ${status.storageDetail}.)`
  return `${where}${detail} Model requests go to ${status.origin}.`
}

export const serveCommand: CliCommand = {
  words: ['serve'],
  summary: 'serve the UI and the RPC on 127.0.0.1 (prints {url} with the token first)',
  usage: 'hearth serve [--port N]',
  options: { port: 'string' },
  positionals: [0, 0],
  coreOptions: () => ({ host: 'web' }),
  async run(ctx) {
    // The web host (HTTP, WebSocket) is loaded only when it serves, not for every CLI start.
    const [{ rendererDirFrom }, { startWebHost }] = await Promise.all([
      import('../../server/staticFiles'),
      import('../../server/webHost')
    ])
    const port = ctx.options.port === undefined ? 0 : Number(ctx.options.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be a number between 0 and 65535`)
    const rendererDir = rendererDirFrom([
      ctx.env.HEARTH_RENDERER_DIR ?? '',
      join(__dirname, '../renderer'),
      join(process.cwd(), 'out/renderer')
    ])
    if (!rendererDir) {
      return {
        code: 1,
        data: { error: 'The UI is not built. Run `npm run build` first.' },
        text: 'The UI is not built. Run `npm run build` first.'
      }
    }
    const core = ctx.core()
    const host = await startWebHost({
      core,
      rendererDir,
      port,
      ...(ctx.env.HEARTH_SERVE_TOKEN ? { token: ctx.env.HEARTH_SERVE_TOKEN } : {})
    })
    ctx.print(JSON.stringify({ url: host.url }))
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
