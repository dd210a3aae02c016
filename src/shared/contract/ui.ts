import { z } from 'zod'
import { MAX_CHAT_SCROLLS } from './constants'
import { method } from './define'
import { AgentId, SessionId, TurnId } from './ids'

export const ThemePreference = z.enum(['system', 'light', 'dark'])
export type ThemePreference = z.infer<typeof ThemePreference>

/**
 * Where the user was: the agent, its open chat, the section shown. Kept by the core (not the
 * page), so a reload and a restarted host on another port both come back to it.
 */
/**
 * Where a chat was scrolled to: the turn at the top of the view and how far into it. A chat with
 * no anchor is read at its end (where new replies arrive).
 */
export const ChatScrollAnchor = z.object({
  turnId: TurnId,
  offsetPx: z.number().int().min(0).max(1_000_000)
})
export type ChatScrollAnchor = z.infer<typeof ChatScrollAnchor>

export { MAX_CHAT_SCROLLS } from './constants'

export const UiPlace = z.object({
  agentId: AgentId.nullable(),
  sessionId: SessionId.nullable(),
  /** A section id of the renderer; one it no longer has is ignored there. */
  section: z.string().min(1).max(40),
  /** Per chat (by session id), where it was scrolled to, when not at its end. */
  scroll: z
    .record(z.string().min(1).max(100), ChatScrollAnchor)
    .refine((scroll) => Object.keys(scroll).length <= MAX_CHAT_SCROLLS, {
      message: `At most ${MAX_CHAT_SCROLLS} chats keep a scroll position.`
    })
    .optional()
})
export type UiPlace = z.infer<typeof UiPlace>

export const UiState = z.object({ theme: ThemePreference, place: UiPlace.nullable() })
export type UiState = z.infer<typeof UiState>

export const uiMethods = {
  /** The theme setting and the last place, read once at start-up. */
  'ui.get': method(z.object({}), UiState),
  /** Light, dark or the system's: a setting in config.json (`ui.theme`). */
  'ui.setTheme': method(z.object({ theme: ThemePreference }), z.object({ theme: ThemePreference })),
  'ui.setPlace': method(UiPlace, z.object({ saved: z.literal(true) }))
} as const
