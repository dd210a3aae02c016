import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testId } from '../../../shared/testing/ids'
import { scanForThreats } from '../../domain/prompt/scanner'
import { EventHub } from '../../events'
import { ensureHome } from '../../home/home'
import type { HomePaths } from '../../home/homePaths'
import { openDatabase, type Db } from '../../node/db/openDatabase'
import { MemoryFiles, type MemoryLimits } from '../memoryFiles'
import { MemoryJournal } from '../memoryJournal'
import { MemoryTool } from '../memoryTool'
import { ReceiptStore } from '../receiptStore'

/** A steppable clock for tests. */
export class TestClock {
  constructor(public ms = Date.UTC(2026, 0, 15, 9, 0, 0)) {}
  now(): number {
    return this.ms
  }
}

export interface MemoryFixture {
  readonly dir: string
  readonly paths: HomePaths
  readonly db: Db
  readonly clock: TestClock
  readonly events: EventHub
  readonly emitted: { event: string; payload: unknown }[]
  readonly files: MemoryFiles
  readonly receipts: ReceiptStore
  readonly journal: MemoryJournal
  readonly tool: MemoryTool
  limits: MemoryLimits
  dispose(): void
}

/** A real home folder and a real SQLite file in a temp folder, with the real strict scanner. */
export function createMemoryFixture(agentId = testId.agent('scribe')): MemoryFixture {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-memory-'))
  const paths = ensureHome(dir)
  mkdirSync(paths.memoriesDir(agentId), { recursive: true })
  const db = openDatabase(paths.db)
  const clock = new TestClock()
  const events = new EventHub()
  const emitted: { event: string; payload: unknown }[] = []
  events.subscribe((event, payload) => emitted.push({ event, payload }))
  // The limits a test may change later: the files read them at each write, from this same object.
  const settings: { limits: MemoryLimits } = { limits: { memory: 4000, user: 2000 } }
  const files = new MemoryFiles(paths, () => settings.limits, clock)
  const receipts = new ReceiptStore(db)
  const journal = new MemoryJournal(db, receipts, () => clock.now())
  const tool = new MemoryTool({
    files,
    journal,
    scan: scanForThreats,
    events,
    clock,
    unavailableReason: (id) => (id === agentId ? null : `there is no agent "${id}".`),
    askFirst: () => false,
    propose: () => {
      throw new Error('this fixture saves every write; use the service fixture for "ask me first"')
    }
  })
  return Object.assign(settings, {
    dir,
    paths,
    db,
    clock,
    events,
    emitted,
    files,
    receipts,
    journal,
    tool,
    dispose: () => {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
}
