import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dispatch } from '../rpc/dispatch'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'
import { testId } from '../../shared/testing/ids'

const SCRIBE = testId.agent('scribe')

let fx: ServiceFixture
beforeEach(() => {
  fx = createServiceFixture()
})
afterEach(() => fx.dispose())

async function add(target: 'memory' | 'user', content: string): Promise<number> {
  const result = await fx.memory.apply(SCRIBE, { action: 'add', target, content })
  expect(result.success, result.error).toBe(true)
  const receipt = fx.memory.receipts.listByAgent(SCRIBE, 1)[0]
  if (!receipt) throw new Error('no receipt stored')
  return receipt.id
}

describe('Undo on a memory receipt', () => {
  it('puts MEMORY.md back byte for byte, BOM and CRLF included, and says so by event', async () => {
    const path = fx.paths.memory(SCRIBE)
    const original = Buffer.from('\uFEFFThe user writes Go\r\n§\r\nDeploys go out on Tuesdays\r\n', 'utf8')
    writeFileSync(path, original)
    const id = await add('memory', 'The user drinks tea')
    expect(readFileSync(path, 'utf8')).toBe(
      'The user writes Go\n§\nDeploys go out on Tuesdays\n§\nThe user drinks tea'
    )

    fx.clock.ms += 5000
    const undone = await fx.memory.undo.undo(id)
    expect(readFileSync(path).equals(original)).toBe(true)
    expect(undone.receipt).toMatchObject({ id, undoable: true, undoneAtMs: fx.clock.ms })
    expect(undone.usage).toMatchObject({ entryCount: 2 })
    expect(undone.message).toBe('Undone: MEMORY.md is back to exactly how it was before this write.')
    expect(fx.emitted.filter((e) => e.event === 'memory.undone')).toEqual([
      { event: 'memory.undone', payload: undone }
    ])
    expect(fx.memory.receipts.listByAgent(SCRIBE)[0]).toMatchObject({
      id,
      undoneAtMs: fx.clock.ms
    })
  })

  it('removes a file the write created, since it did not exist before', async () => {
    rmSync(fx.paths.user)
    const id = await add('user', 'The user lives in Lisbon')
    expect(existsSync(fx.paths.user)).toBe(true)
    expect((await fx.memory.undo.undo(id)).message).toMatch(
      /did not exist before this write, so it was removed again/
    )
    expect(existsSync(fx.paths.user)).toBe(false)
  })

  it('refuses while a later write stands, then undoes newest first back to the start', async () => {
    const path = fx.paths.memory(SCRIBE)
    writeFileSync(path, 'First entry')
    const first = await add('memory', 'Second entry')
    const second = await add('memory', 'Third entry')
    await expect(fx.memory.undo.undo(first)).rejects.toThrow(
      'Cannot undo this write: MEMORY.md changed after it (a later memory write or an edit).'
    )
    expect(readFileSync(path, 'utf8')).toBe('First entry\n§\nSecond entry\n§\nThird entry')
    await fx.memory.undo.undo(second)
    await fx.memory.undo.undo(first)
    expect(readFileSync(path, 'utf8')).toBe('First entry')
    await expect(fx.memory.undo.undo(first)).rejects.toThrow('This write to MEMORY.md was already undone.')
  })

  it('refuses after the user edited the file, and leaves their edit alone', async () => {
    const path = fx.paths.memory(SCRIBE)
    const id = await add('memory', 'The user drinks tea')
    writeFileSync(path, 'The user drinks tea\n§\nAdded by hand')
    await expect(fx.memory.undo.undo(id)).rejects.toThrow(/changed after it/)
    expect(readFileSync(path, 'utf8')).toBe('The user drinks tea\n§\nAdded by hand')
  })

  it('refuses receipts stored before undo existed, and unknown receipts, through the contract', async () => {
    fx.db
      .prepare(
        "INSERT INTO memory_receipts (agent_id, target, path, changes, usage, origin, at) VALUES ('scribe', 'memory', 'p', '[]', ?, 'tool', 1)"
      )
      .run(JSON.stringify({ chars: 0, limit: 1, percent: 0, text: '', entryCount: 0 }))
    const old = fx.memory.receipts.listByAgent(SCRIBE, 1)[0]
    expect(old).toMatchObject({ undoable: false, undoneAtMs: null })
    await expect(fx.memory.undo.undo(old?.id ?? 0)).rejects.toThrow(
      /saved before Hearth kept what undoing needs/
    )
    await expect(fx.memory.undo.undo(999)).rejects.toThrow('No memory write with receipt id 999.')
  })
})

describe('memory.undo over the contract', () => {
  it('answers a conflict with the reason when the file changed since', async () => {
    const { createCore } = await import('../createCore')
    const { makeTempDir } = await import('../../../tests/helpers/tempHome')
    const temp = makeTempDir()
    const core = createCore({ home: temp.dir, host: 'web', env: {} })
    try {
      core.services.agents.create('Scribe', SCRIBE)
      await core.services.memory.apply(SCRIBE, {
        action: 'add',
        target: 'memory',
        content: 'One'
      })
      await core.services.memory.apply(SCRIBE, {
        action: 'add',
        target: 'memory',
        content: 'Two'
      })
      const [newest, older] = core.internals.memory.receipts.listByAgent(SCRIBE)
      expect(
        await dispatch(core.handlers, { method: 'memory.undo', input: { receiptId: older?.id } })
      ).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: expect.stringContaining('changed after it') }
      })
      expect(
        await dispatch(core.handlers, { method: 'memory.undo', input: { receiptId: newest?.id } })
      ).toMatchObject({ ok: true, value: { receipt: { id: newest?.id }, usage: { entryCount: 1 } } })
      expect(
        await dispatch(core.handlers, { method: 'memory.undo', input: { receiptId: -1 } })
      ).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    } finally {
      core.dispose()
      temp.cleanup()
    }
  })
})
