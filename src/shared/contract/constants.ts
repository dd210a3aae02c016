/**
 * The contract's constants and pure rules that the renderer's first screen needs, in a module
 * without zod: importing them from the domain files would load zod and build every schema of
 * the contract before the first screen draws. The domain files re-export them, so the core and
 * the CLI keep their imports; the schemas that enforce them stay in those files.
 */

/** The longest agent name, in UTF-16 units as JavaScript counts them (the name forms show it as they fill). */
export const AGENT_NAME_MAX = 80

/**
 * Whether two display names read the same to a person, so they may not both be used: compared
 * after Unicode compatibility folding (NFKC), trimming, collapsing spaces and ignoring case.
 * Shared so the core refuses and the forms warn by the same rule.
 */
export function sameAgentName(a: string, b: string): boolean {
  return agentNameKey(a) === agentNameKey(b)
}

function agentNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase()
}

/** Agent ids double as folder names, so they are restricted to a safe slug (no dots, no slashes). */
export const AGENT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

/** The longest message, in characters (the composer counts toward it as the box fills). */
export const MESSAGE_MAX_CHARS = 200_000

/** Chats kept scrolled back, at most this many (the most recently read). */
export const MAX_CHAT_SCROLLS = 50

/** What a Nexus entry is for; `ack` and `resolution` must reference earlier entries. */
export const NEXUS_ENTRY_TYPES = [
  'turn',
  'decision',
  'handoff',
  'state',
  'checkpoint',
  'ack',
  'resolution'
] as const

export const NEXUS_SUMMARY_MAX = 200

/** Facts a list method returns at most per call when no limit is given, and at most ever. */
export const FACT_PAGE_MAX = 500

/** Where the SDK sends requests when no base URL is set. */
export const ANTHROPIC_ORIGIN = 'https://api.anthropic.com'

/** The event name the main process sends a CoreStatus under (never emitted by the core itself). */
export const CORE_STATUS_EVENT = 'app.coreStatus'

const SAVE_CLAIM = new RegExp(
  [
    String.raw`\bI(?:'ve| have| will|'ll)\s+(?:now\s+)?(?:saved|save|stored|store|noted|note|added|add|written|write|recorded|record|updated|update)\b[^.!?\n]{0,60}\b(?:memory|memories|notes?|profile|MEMORY\.md|USER\.md)\b`,
    String.raw`\bI(?:'ll| will)\s+(?:make sure to\s+|always\s+)?remember\b`,
    String.raw`\bI(?:'ve| have)\s+(?:now\s+)?(?:remembered|memorised|memorized|committed\b[^.!?\n]{0,20}\bto memory)`,
    String.raw`\b(?:saved|stored|noted|added)\s+(?:it\s+|that\s+|this\s+)?(?:to|in|into)\s+(?:my\s+|your\s+)?(?:memory|memories|notes|profile)\b`,
    String.raw`\b(?:got it|noted)\s*[—–-]\s*I(?:'ll| will) keep (?:that|this) in mind\b`
  ].join('|'),
  'i'
)

/**
 * The "I'll remember that" check: returns the claiming phrase when a reply says it saved or will
 * remember something while no memory write happened in that turn, else null. Shared so the chat
 * UI can flag the reply and the core can test the same rule.
 */
export function detectUnsavedMemoryClaim(replyText: string, memoryWritesThisTurn: number): string | null {
  if (memoryWritesThisTurn > 0) return null
  const match = SAVE_CLAIM.exec(replyText)
  return match ? match[0] : null
}
