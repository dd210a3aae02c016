import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { startWebHost, type WebHost, type WebHostLimits } from '../../src/server/webHost'
import { makeTempDir } from './tempHome'

/** The live parts of one in-process web host test; read them inside tests (they change per test). */
export interface WebHostHarness {
  readonly dir: string
  readonly core: Core
  readonly host: WebHost
  /** Closes the host and starts another on the same core with different limits. */
  restartWith(limits: Partial<WebHostLimits>): Promise<void>
}

/**
 * Registers beforeEach/afterEach that give every test a fresh home, a tiny renderer folder
 * (index.html, plus secret.txt beside it that must never be served) and a host on a free port.
 */
export function useWebHost(limits: Partial<WebHostLimits> = {}): WebHostHarness {
  let temp: ReturnType<typeof makeTempDir>
  let core: Core
  let host: WebHost
  const rendererDir = (): string => join(temp.dir, 'renderer')
  beforeEach(async () => {
    temp = makeTempDir()
    mkdirSync(rendererDir())
    writeFileSync(join(rendererDir(), 'index.html'), '<!doctype html><title>Hearth</title>')
    writeFileSync(join(temp.dir, 'secret.txt'), 'do not serve')
    core = createCore({ home: join(temp.dir, 'home'), host: 'web', env: {} })
    host = await startWebHost({ core, rendererDir: rendererDir(), limits })
  })
  afterEach(async () => {
    await host.close()
    core.dispose()
    temp.cleanup()
  })
  return {
    get dir() {
      return temp.dir
    },
    get core() {
      return core
    },
    get host() {
      return host
    },
    async restartWith(next) {
      await host.close()
      host = await startWebHost({ core, rendererDir: rendererDir(), limits: next })
    }
  }
}
