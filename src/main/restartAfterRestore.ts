import { app } from 'electron'
import type { RpcResult } from '../shared/contract'

type Answer = (request: unknown) => Promise<RpcResult<unknown>>

/** Calls whose success stages a new home: it replaces the running one only when the app starts. */
const STAGES_A_HOME = new Set(['backup.stageRestore', 'backup.undoRestore'])

/** Whether this answer left a restore (or the way back) waiting for the next start. */
export function stagedHomeSwitch(request: unknown, result: RpcResult<unknown>): boolean {
  if (!result.ok || typeof request !== 'object' || request === null) return false
  const method = (request as { method?: unknown }).method
  if (typeof method !== 'string' || !STAGES_A_HOME.has(method)) return false
  const value = result.value as { status?: { pending?: unknown }; pending?: unknown } | null
  // stageRestore answers { restore, status }, undoRestore the status itself.
  const pending = value?.status?.pending ?? value?.pending ?? null
  return pending !== null
}

/**
 * The desktop app switches to a staged restore by starting again: the answer goes back to the
 * window first (it says the app restarts), then the app quits through its usual shutdown (the
 * core ends its sessions and closes the home) and Electron starts it again, which switches homes
 * before the core opens one. The browser host cannot restart its own process; its page says how.
 */
export function restartAfterHomeSwitch(answer: Answer): Answer {
  return async (request) => {
    const result = await answer(request)
    if (stagedHomeSwitch(request, result))
      setImmediate(() => {
        app.relaunch()
        app.quit()
      })
    return result
  }
}
