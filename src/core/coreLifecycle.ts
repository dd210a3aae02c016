import type { ResumeReport } from './chat/session/sessionEndWork'
import { recoverAtStart } from './startRecovery'
import { IdleSessionEnder } from './chat/session/idleSessionEnder'
import type { SessionsService } from './chat/sessionsService'
import type { CoreInternals, CoreServices } from './coreServices'
import type { EventHub, EventListener } from './events'
import { explainingHandlers } from './home/storageErrors'
import type { Clock } from './ports/clock'
import type { Logger } from './ports/logger'
import { createHandlers } from './rpc/handlers'
import type { ErrorLog } from './rpc/unexpectedErrors'
import type { SettingsService } from './services/settingsService'
import type { Handlers, SessionId } from '../shared/contract'

/*
 * What a host holds once the core is built: the services, the handlers every transport
 * dispatches to, and the core's life after wiring (finishing interrupted session ends, ending
 * idle sessions, shutting down in order). The wiring itself is in createCore.ts.
 */

export interface Core {
  readonly services: CoreServices
  /** The database and chat's repositories, for tests and the bench; never handed to a handler. */
  readonly internals: CoreInternals
  readonly handlers: Handlers
  readonly subscribe: (listener: EventListener) => () => void
  /** Where a host records an unexpected error (dispatch's, its own) and the file the user is pointed to. */
  readonly errorLog: ErrorLog
  /**
   * On app quit (Electron, `hearth serve`): ends the sessions this process talked in, so their
   * session-end hooks (retention, Nexus summary) run. Bounded by `timeoutMs`; dispose() after.
   */
  readonly shutdown: (timeoutMs?: number) => Promise<void>
  /**
   * Session ends an earlier process left half done (killed, crashed), finished in the
   * background from the moment the home opens. The CLI waits for it before exiting; dispose()
   * stops it (it then resolves with what it did, never rejects).
   */
  readonly recovery: Promise<ResumeReport>
  /**
   * Closes the core at once: start recovery is stopped (a hook waiting on the model is aborted
   * and its work handed back, pending, to the next host), then every service and the database.
   */
  readonly dispose: () => void
}

/** The wired services and the one background worker the core's life needs. */
export interface Wired {
  readonly services: CoreServices
  readonly internals: CoreInternals
  readonly idleEnder: IdleSessionEnder
}

interface IdleEnderDeps {
  readonly events: EventHub
  readonly settings: SettingsService
  readonly clock: Clock
  readonly log: Logger
}

/** Ends a session once it has been idle for the configured minutes (its end hooks run then). */
export function idleEnderFor(
  sessions: SessionsService,
  { events, settings, clock, log }: IdleEnderDeps
): IdleSessionEnder {
  const idleLog = log.child('sessions.idle')
  const onIdleError = (error: unknown, sessionId?: SessionId): void =>
    idleLog.warn('a session could not be ended on idle; its session-end hooks run on the next end', {
      error,
      sessionId
    })
  return new IdleSessionEnder(
    events,
    sessions,
    () => settings.config().retention.idleMinutes,
    onIdleError,
    () => clock.now()
  )
}

export function assembleCore({ services, internals, idleEnder }: Wired): Core {
  const { chat, sessions, events, tools, knowledge, files, paths, readOnly, log } = services
  const { db, nexus, nexusSync } = internals
  const closing = new AbortController()
  const recovery = recoverAtStart({
    root: paths.root,
    db,
    sessions,
    journal: internals.memory.journal,
    log: log.child('recovery'),
    signal: closing.signal
  })
  const handlers = createHandlers(services)
  return {
    services,
    internals,
    handlers: explainingHandlers(handlers, paths.root, readOnly),
    subscribe: (listener) => events.subscribe(listener),
    errorLog: { log: log.child('rpc'), file: paths.logFile },
    recovery,
    shutdown: async (timeoutMs = 30_000) => {
      chat.cancelAll()
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))
      await Promise.race([Promise.all([recovery, idleEnder.endAll()]), timeout])
      clearTimeout(timer)
    },
    dispose: () => {
      closing.abort()
      releaseEndWork(sessions, log)
      chat.cancelAll()
      idleEnder.dispose()
      tools.disposeNow()
      nexusSync.dispose()
      nexus.dispose()
      knowledge.dispose()
      files.dispose()
      db.close()
    }
  }
}

/** Work a stopped hook leaves claimed goes back to pending before the database closes. */
function releaseEndWork(sessions: SessionsService, log: Logger): void {
  try {
    sessions.releaseEndWork()
  } catch (error) {
    // A claim left behind is taken over by the next host once this process exits; say so.
    log.warn('could not hand back the session end work this process started', { error })
  }
}
