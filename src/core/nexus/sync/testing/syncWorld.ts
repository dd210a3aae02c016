import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../../../createCore'
import type { Clock } from '../../../ports/clock'
import { dispatch } from '../../../rpc/dispatch'
import type { MethodInput, MethodName, MethodOutput } from '../../../../shared/contract'

/** A home for sync tests: a real core on its own folder, called through the contract. */
export interface SyncHome {
  readonly name: string
  readonly dir: string
  readonly core: Core
  /** One contract call, typed by the contract (input defaults to `{}`); a refusal throws its message. */
  call<M extends MethodName>(method: M, input?: MethodInput<M>): Promise<MethodOutput<M>>
  post(
    agent: string,
    summary: string,
    extra?: Partial<MethodInput<'nexus.post'>>
  ): Promise<MethodOutput<'nexus.post'>>
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
      const call = async <M extends MethodName>(
        method: M,
        input: MethodInput<M> | Record<string, never> = {}
      ): Promise<MethodOutput<M>> => {
        const result = await dispatch(core.handlers, { method, input })
        if (!result.ok) throw new Error(`${method}: ${result.error.message}`)
        // dispatch parsed the value with `methods[method].output`; TypeScript cannot correlate `method` with it.
        return result.value as MethodOutput<M>
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
