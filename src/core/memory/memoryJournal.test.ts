import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryFixture, type MemoryFixture } from './testing/memoryFixture'
import type { NewReceipt } from './receiptStore'
import { testId } from '../../shared/testing/ids'

const SCRIBE = testId.agent('scribe')

let fx: MemoryFixture
beforeEach(() => {
  fx = createMemoryFixture()
})
afterEach(() => fx.dispose())

function receiptFor(path: string): NewReceipt {
  return {
    agentId: SCRIBE,
    sessionId: null,
    turnId: null,
    target: 'memory',
    path,
    changes: [{ action: 'add', before: null, after: 'Tea, not coffee' }],
    usage: { chars: 15, limit: 4000, percent: 0, text: '0% — 15/4,000 chars', entryCount: 1 },
    origin: 'user',
    atMs: 1
  }
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex')

describe('the memory write journal', () => {
  it('leaves the row of a live writer alone, and settles it once its writer is gone', () => {
    const path = fx.paths.memory(SCRIBE)
    fx.journal.open(receiptFor(path), { before: null, afterSha256: sha('Tea, not coffee') })
    writeFileSync(path, 'Tea, not coffee')
    expect(fx.journal.settle(path)).toEqual({ completed: 0, rolledBack: 0 })

    fx.db.prepare('UPDATE memory_journal SET writer_pid = 999999, writer_started = ?').run('1')
    expect(fx.journal.settle()).toEqual({ completed: 1, rolledBack: 0 })
    expect(fx.journal.settle()).toEqual({ completed: 0, rolledBack: 0 })
    expect(fx.receipts.listByAgent(SCRIBE)).toMatchObject([{ undoable: true, path }])
  })

  it('rolls back a row whose file never got the write', () => {
    const path = fx.paths.memory(SCRIBE)
    writeFileSync(path, 'Something else')
    fx.journal.open(receiptFor(path), { before: Buffer.from('Something else'), afterSha256: sha('Tea') })
    fx.db.prepare('UPDATE memory_journal SET writer_pid = 999999, writer_started = ?').run('1')
    expect(fx.journal.settle(path)).toEqual({ completed: 0, rolledBack: 1 })
    expect(fx.receipts.listByAgent(SCRIBE)).toEqual([])
  })
})
