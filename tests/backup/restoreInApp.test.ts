import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import type { BackupProgress, MethodInput, MethodName, MethodOutput } from '../../src/shared/contract'
import { makeTempDir } from '../helpers/tempHome'

let dir: string
let cleanup: () => void
let home: string
let core: Core

beforeEach(() => {
  ;({ dir, cleanup } = makeTempDir('hearth-restore-app-'))
  home = join(dir, 'home')
  core = createCore({ home, host: 'web' })
})
afterEach(() => {
  core.dispose()
  cleanup()
})

async function call<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
  on: Core = core
): Promise<MethodOutput<M>> {
  const result = await dispatch(on.handlers, { method, input })
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as MethodOutput<M>
}

/** Stops the app's core and starts it again on the same home, as quitting and reopening does. */
function restartApp(): void {
  core.dispose()
  core = createCore({ home, host: 'web' })
}

async function agentNames(): Promise<string[]> {
  const agents = await call('agents.list', {})
  return agents.map((agent) => agent.name).sort()
}

describe('restoring the running home from Settings', () => {
  it('reports the backup as it is written, file by file, up to the whole', async () => {
    await call('agents.create', { name: 'Ada', id: 'ada' })
    const seen: BackupProgress[] = []
    const stop = core.services.events.subscribe((event, payload) => {
      if (event === 'backup.progress') seen.push(payload as BackupProgress)
    })
    const backup = await call('backup.create', { file: join(dir, 'a.zip') })
    stop()
    expect(seen[0]?.phase).toBe('database')
    const last = seen.at(-1) as BackupProgress
    expect(last).toMatchObject({ phase: 'done', files: backup.files, totalFiles: backup.files })
    expect(last.bytes).toBe(last.totalBytes)
    expect(last.totalBytes).toBeGreaterThan(0)
    const files = seen.filter((p) => p.phase === 'files')
    expect(files.length).toBeGreaterThan(0)
    for (let i = 1; i < files.length; i += 1)
      expect(files[i]!.bytes).toBeGreaterThanOrEqual(files[i - 1]!.bytes)
  })

  it('shows what a backup holds against the home, switches at the next start, and goes back', async () => {
    await call('agents.create', { name: 'Ada', id: 'ada' })
    const backup = await call('backup.create', { file: join(dir, 'ada-only.zip') })
    await call('agents.create', { name: 'Bo', id: 'bo' })

    const inspection = await call('backup.inspect', { file: backup.file })
    expect(inspection.counts.agents).toBe(1)
    expect(inspection.current.agents).toBe(2)
    expect(inspection.home).toBe(home)

    const staged = await call('backup.stageRestore', { file: backup.file })
    expect(staged.restore.verified.ok).toBe(true)
    expect(staged.restore.verified.integrity).toBe('ok')
    const pending = staged.status.pending
    if (pending === null) throw new Error('no restore is waiting')
    expect(pending.from).toBe(backup.file)
    expect(existsSync(pending.staged)).toBe(true)
    // Nothing changes until the app starts again.
    expect(await agentNames()).toEqual(['Ada', 'Bo'])

    restartApp()
    expect(await agentNames()).toEqual(['Ada'])
    const after = await call('backup.restoreStatus', {})
    expect(after.pending).toBeNull()
    expect(after.last).toMatchObject({ from: backup.file, keptAs: pending.keepAs, keptExists: true })
    expect(existsSync(join(pending.keepAs, 'hearth.db'))).toBe(true)

    // The way back: the kept home returns at the next start; the restored one is kept in turn.
    const back = await call('backup.undoRestore', {})
    expect(back.pending).toMatchObject({ staged: pending.keepAs, goingBack: true })
    restartApp()
    expect(await agentNames()).toEqual(['Ada', 'Bo'])
    const final = await call('backup.restoreStatus', {})
    expect(existsSync(final.last?.keptAs ?? '')).toBe(true)
  })

  it('cancels a waiting restore (its staged copy removed) and a CLI command never switches', async () => {
    await call('agents.create', { name: 'Ada', id: 'ada' })
    const backup = await call('backup.create', { file: join(dir, 'a.zip') })
    await call('agents.create', { name: 'Bo', id: 'bo' })
    const staged = await call('backup.stageRestore', { file: backup.file })

    const cli = createCore({ home, host: 'cli' })
    expect(await call('agents.list', {}, cli)).toHaveLength(2)
    cli.dispose()

    const cancelled = await call('backup.cancelRestore', {})
    expect(cancelled.pending).toBeNull()
    expect(existsSync(staged.status.pending?.staged ?? '')).toBe(false)
    expect(staged.status.pending).not.toBeNull()
    restartApp()
    expect(await agentNames()).toEqual(['Ada', 'Bo'])
  })

  it('refuses a file that is not a backup and going back with nothing to go back to', async () => {
    const notBackup = join(dir, 'notes.zip')
    writeFileSync(notBackup, 'not a zip')
    const inspected = await dispatch(core.handlers, { method: 'backup.inspect', input: { file: notBackup } })
    expect(inspected.ok).toBe(false)
    const back = await dispatch(core.handlers, { method: 'backup.undoRestore', input: {} })
    expect(back.ok ? '' : back.error.message).toMatch(/no earlier home to go back to/)
    expect(readFileSync(join(home, 'config.json'), 'utf8').length).toBeGreaterThan(0)
  })
})
