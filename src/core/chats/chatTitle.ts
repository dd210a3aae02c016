import type { SessionId } from '../../shared/contract'
import type { TurnContextProvider } from '../ports/turnContext'

/** The longest generated title, in words: a glance, not a sentence. */
const TITLE_WORDS = 7

/** Openers that say nothing about the subject ("hi, can you please …"). */
const OPENERS =
  /^(?:(?:(?:hi|hello|hey|hallo|yo)(?: there| all| everyone| folks| team)?|good (?:morning|afternoon|evening|day)|ok(?:ay)?|so|please|pls|thanks|thank you|dear \w+)\b[\s,!.:;-]*|(?:can|could|would|will) you(?: please)?\b\s*|i (?:want|need|would like) (?:you )?to\b\s*|help me(?: to)?\b\s*|tell me\b\s*)+/i

/** A greeting addressed by name ("Hi Ella!", "Hello Ada Lovelace,"): the name is not the subject. */
const GREETING_BY_NAME =
  /^(?:[Hh]i|[Hh]ello|[Hh]ey|[Hh]allo|[Yy]o|[Dd]ear|[Gg]ood (?:morning|afternoon|evening|day))\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?\s*(?:[,!.:;-]\s*|$)/u

/** Words a shortened title must not end on. */
const DANGLING =
  /^(?:a|an|the|and|or|but|of|for|to|in|on|at|by|with|from|about|into|my|our|your|this|that|is|are)$/i

/**
 * A short title for a chat from its first message, without a model call: the first sentence's
 * words, markdown, links and code left out, greetings and request openers dropped, at most seven
 * words. Null when nothing is left (a message that is only code or only "hi").
 */
export function heuristicTitle(text: string): string | null {
  const prose = text
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^[\s>#*+-]+/gm, '')
    .replace(/[*_~]+/g, '')
  for (const sentence of prose.match(/[^.!?\n]+[.!?]?/g) ?? []) {
    const title = titleOf(sentence)
    if (title !== null) return title
  }
  return null
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&/-]*/gu

/** The title one sentence gives: its first words as written, or null when only openers are left. */
function titleOf(sentence: string): string | null {
  const body = sentence
    .replace(/[.!?]$/, '')
    .trim()
    .replace(GREETING_BY_NAME, '')
    .replace(OPENERS, '')
  const words = [...body.matchAll(WORD)]
  if (words.length === 0) return null
  const kept = words.slice(0, TITLE_WORDS)
  // A title should not end mid-phrase ("Plan the beds for the"): drop the small words left hanging.
  while (kept.length > 1 && DANGLING.test((kept.at(-1) as RegExpExecArray)[0])) kept.pop()
  const first = kept[0] as RegExpExecArray
  const last = kept.at(-1) as RegExpExecArray
  const whole = kept.length === words.length && sentence.trim().endsWith('?')
  const title = body.slice(first.index, last.index + last[0].length) + (whole ? '?' : '')
  return title.charAt(0).toUpperCase() + title.slice(1)
}

/**
 * Titles a chat after its first exchange completes: the heuristic title replaces the cut-off
 * first message, never a name the user gave (the library's write checks where the title came
 * from). It adds nothing to any request, so the cached prefix is untouched.
 */
export function chatTitleProvider(
  apply: (sessionId: SessionId, title: string) => boolean
): TurnContextProvider {
  return {
    id: 'chat-title',
    provide: () => Promise.resolve(null),
    onTurnCompleted(request) {
      if (request.turnIndex !== 0) return
      const title = heuristicTitle(request.userText)
      if (title !== null) apply(request.sessionId, title)
    }
  }
}
