import type { ResumeReport } from './chat/session/sessionEndWork'
import type { SessionsService } from './chat/sessionsService'
import { removeStaleFiles } from './home/staleFiles'
import type { MemoryJournal } from './memory/memoryJournal'
import type { Db } from './node/db/openDatabase'
import type { Logger } from './ports/logger'

export interface StartRecoveryDeps {
  readonly root: string
  readonly db: Db
  readonly sessions: SessionsService
  readonly journal: MemoryJournal
  readonly log: Logger
  /** Aborted when the core is disposed: no further step starts, and a running hook is stopped. */
  readonly signal: AbortSignal
}

/**
 * What a killed or crashed process left half done, finished by the next process to open the
 * home, in the background from the moment it opens: stale locks and temp files of dead writers
 * removed, memory writes settled (receipt made, or the row dropped), sessions cut in their first
 * turn ended, then interrupted session ends finished. Never rejects: a step that fails is
 * logged, and the steps after it still run (a read-only home has nothing to do). Once `signal`
 * aborts, it stops at the next step and resolves with what it did; what it did not do is left
 * for the next host, as a crash would have left it.
 */
export async function recoverAtStart(deps: StartRecoveryDeps): Promise<ResumeReport> {
  const nothing: ResumeReport = { sessions: 0, hooks: [] }
  if (deps.db.readonly) return nothing
  const { log, signal } = deps
  settleMemoryWrites(deps.journal, log)
  await step(deps, 'removing stale locks and temp files', async () => {
    const removed = await removeStaleFiles(deps.root)
    if (removed.locks.length + removed.temps.length > 0)
      log.info('removed files that a stopped process left behind', { ...removed })
  })
  await step(deps, 'ending sessions cut in their first turn', async () => {
    const ended = await deps.sessions.endCutFirstTurns(signal)
    if (ended.length > 0) log.info('ended sessions that a stopped process cut in their first turn', { ended })
  })
  if (signal.aborted) return nothing
  try {
    return await deps.sessions.resumeInterrupted(signal)
  } catch (error) {
    if (signal.aborted) return nothing
    log.error('finishing interrupted session ends failed', { error })
    return {
      sessions: 0,
      hooks: [{ id: 'resume', ok: false, error: error instanceof Error ? error.message : String(error) }]
    }
  }
}

/** Synchronous, before the first await: no command reads a receipt before the journal is settled. */
function settleMemoryWrites(journal: MemoryJournal, log: Logger): void {
  try {
    const settled = journal.settle()
    if (settled.completed + settled.rolledBack > 0)
      log.info('settled memory writes that a stopped process left half done', { ...settled })
  } catch (error) {
    log.error('settling interrupted memory writes failed', { error })
  }
}

/** Runs one step unless the core is closing; a failure after the core closed is no failure. */
async function step(
  { log, signal }: Pick<StartRecoveryDeps, 'log' | 'signal'>,
  what: string,
  work: () => Promise<void>
): Promise<void> {
  if (signal.aborted) return
  try {
    await work()
  } catch (error) {
    if (signal.aborted) log.debug(`${what} stopped: the core was closed`, { error })
    else log.error(`${what} failed`, { error })
  }
}
