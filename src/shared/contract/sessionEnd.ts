import { z } from 'zod'
import { AgentId, SessionId } from './ids'

/*
 * How a session ends: why, the end work's hooks as they run, and what they did. The methods that
 * end a session are in sessions.ts; these shapes are also the session-end events.
 */

/** Why a session ended: the user pressed End session, it sat idle past the timeout, or the app quit. */
export const SessionEndReason = z.enum(['explicit', 'idle', 'quit'])
export type SessionEndReason = z.infer<typeof SessionEndReason>

export const SessionEndHookResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: z.string().nullable()
})

/** One session-end hook starting or settling, so the UI can show the work as it happens. */
export const SessionEndProgress = z.object({
  sessionId: SessionId,
  agentId: AgentId,
  hookId: z.string(),
  phase: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
  /** Candidates the hook proposed (retention), once done. */
  candidates: z.number().int().nullable()
})
export type SessionEndProgress = z.infer<typeof SessionEndProgress>

export const SessionEnded = z.object({
  sessionId: SessionId,
  agentId: AgentId,
  reason: SessionEndReason,
  endedAtMs: z.number(),
  /** Pending candidates the hooks proposed, waiting in Review. */
  candidates: z.number().int(),
  hooks: z.array(SessionEndHookResult),
  /** Why the session closed without its end work (too slight to read on quit or idle), or null when it ran. */
  skipped: z.string().nullable()
})
export type SessionEnded = z.infer<typeof SessionEnded>

/** What a session's end work did: the candidates retention proposed and each hook's outcome. */
export const SessionEndReport = z.object({
  candidates: z.array(z.unknown()),
  hooks: z.array(SessionEndHookResult)
})
/** The sessions.* events, merged into `events` in events.ts. */
export const sessionEvents = {
  'sessions.endProgress': SessionEndProgress,
  'sessions.ended': SessionEnded
} as const
