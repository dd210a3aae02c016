import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../../../createCore'
import type { Clock } from '../../../ports/clock'
import { dispatch } from '../../../rpc/dispatch'

/** A home for sync tests: a real core on its own folder, called through the contract. */
export interface SyncHome {
  readonly name: string
  readonly dir: string
  readonly core: Core
  call<T = any>(method: string, input?: unknown): Promise<T>
  post(agent: string, summary: string, extra?: Record<string, unknown>): Promise<any>
}

/** A settable clock, shared or per home (devices' clocks may differ). */
export function testClock(start = Date.UTC(2026, 5, 1, 9)): Clock & { advance(ms: number): void } {
  let now = start
  return { now: () => now, advance: (ms) => void (now += ms) }
}

/** A scratch folder with a bare repository to sync through, and homes that use it. */
export function syncWorld(): {
  root: string
  remote: string
  home(name: string, clock?: Clock, dir?: string): SyncHome
  git(args: string[], cwd?: string): string
  dispose(): void
} {
  const root = mkdtempSync(join(tmpdir(), 'hearth-sync-'))
  const remote = join(root, 'remote.git')
  execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch', 'main', remote])
  const cores: Core[] = []
  return {
    root,
    remote,
    home(name, clock, dir = join(root, name)) {
      mkdirSync(dir, { recursive: true })
      const core = createCore({ home: dir, host: 'cli', ...(clock ? { clock } : {}) })
      cores.push(core)
      const call = async (method: string, input: unknown = {}): Promise<any> => {
        const result = await dispatch(core.handlers, { method, input })
        if (!result.ok) throw new Error(`${method}: ${result.error.message}`)
        return result.value
      }
      return {
        name,
        dir,
        core,
        call,
        post: (agent, summary, extra = {}) => call('nexus.post', { agent, type: 'turn', summary, ...extra })
      }
    },
    git: (args, cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' }),
    dispose() {
      for (const core of cores) core.dispose()
      rmSync(root, { recursive: true, force: true })
    }
  }
}
