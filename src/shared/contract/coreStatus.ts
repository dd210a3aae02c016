import { z } from 'zod'

/**
 * How the desktop app's core process is doing, pushed by the Electron main process (not the core)
 * on the event channel, so the window can say what happened without losing what is on screen.
 * `restarting`: it stopped unexpectedly and is being started again. `stopped`: it could not
 * start, or stopped again right after a restart; `message` says why and `logFile` where to read more.
 */
export const CoreStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('starting') }),
  z.object({ state: z.literal('running') }),
  z.object({ state: z.literal('restarting'), message: z.string() }),
  z.object({ state: z.literal('stopped'), message: z.string(), logFile: z.string() })
])
export type CoreStatus = z.infer<typeof CoreStatus>

export { CORE_STATUS_EVENT } from './constants'
