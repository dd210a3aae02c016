import { z } from 'zod'

/*
 * The few messages between the main process and the core's process besides the contract's calls
 * and events (which the port transport carries on the same port and ignores these).
 */

/** What the core's process needs to open the core; sent once with its port. */
export interface CoreStart {
  readonly kind: 'start'
  readonly home: string
  /** A better-sqlite3 build for Electron's ABI; development runs only (see scripts/start.mjs). */
  readonly nativeBinding?: string
}

export const CoreStartMessage = z.object({
  kind: z.literal('start'),
  home: z.string().min(1),
  nativeBinding: z.string().min(1).optional()
})

/** The core's process says once whether the core opened. */
export const CoreReport = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('failed'), message: z.string(), logFile: z.string() })
])
export type CoreReport = z.infer<typeof CoreReport>

/** Main asks the core to end this run's sessions and exit. */
export const SHUTDOWN_MESSAGE = { kind: 'shutdown' } as const

export function isShutdown(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'kind' in data && data.kind === 'shutdown'
}
