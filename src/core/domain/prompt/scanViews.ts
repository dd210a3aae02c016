/**
 * The readings of a folded text that the phrase patterns run on, besides the folded text itself.
 * Each keeps every line break where it was, so a match's line is the line in the original.
 *
 * - **words**: markdown emphasis and code marks removed (`**ignore**`, `ig*no*re`), and
 *   punctuation between words turned into a space (`ignore.all/previous-instructions`). A full
 *   stop, `!`, `?`, `;` or `:` followed by a space still ends a sentence once the sentence has
 *   three words, so two sentences are not read as one phrase ("Don't ignore it. All previous
 *   instructions still apply.").
 * - **leet**: the words reading with digits and symbols inside words read as letters
 *   (`1gn0r3 4ll pr3v10u5`); `1` is read as `i` in one copy and as `l` in another.
 */

/** Marks that emphasise or quote code: never part of a word, never a sentence boundary. */
const EMPHASIS = /[*~`]/g
/** A run of punctuation (anything but letters, digits, apostrophes and white space), with what follows. */
const PUNCTUATION_RUN = /[^\p{L}\p{N}\s']+/gu
const SENTENCE_END = /^(?:[.!?;:]|[!?]{2,3})$/
const WORD = /[\p{L}\p{N}']+/gu
const WORD_CHAR = /[\p{L}\p{N}]/u

/** The words reading (see the module comment). */
export function wordsView(folded: string): string {
  const text = folded.replace(EMPHASIS, '').replaceAll('_', ' ')
  let out = ''
  let last = 0
  for (const match of text.matchAll(PUNCTUATION_RUN)) {
    const start = match.index
    const before = text.slice(last, start)
    out += before
    const run = match[0]
    const next = text.charAt(start + run.length)
    out += keepsRun(run, before, text.charAt(start - 1), next) ? run : ' '
    last = start + run.length
  }
  return out + text.slice(last)
}

/**
 * A run is kept when it ends a sentence of at least three words (since the last punctuation or
 * line break: "Ignore. All. Previous." is one phrase), or when it is `@`/`$` touching a word,
 * where leetspeak may use it as a letter (`@ll`, `rul3$`).
 */
function keepsRun(run: string, before: string, previous: string, next: string): boolean {
  if (/^[@$]+$/.test(run)) return WORD_CHAR.test(previous) || WORD_CHAR.test(next)
  if (!SENTENCE_END.test(run) || !(next === '' || /\s/.test(next))) return false
  const lastBreak = before.lastIndexOf('\n')
  return (before.slice(lastBreak + 1).match(WORD)?.length ?? 0) >= 3
}

const TOKEN = /[\p{L}\p{N}@$]+/gu
const LEET_CHAR = /[0-9@$]/
const LETTER = /\p{L}/u

/** A word that mixes letters with digits or `@`/`$` (`4ll`, `pr3v10u5`); `1337` or `abc` is not one. */
function isLeetToken(token: string): boolean {
  return LEET_CHAR.test(token) && LETTER.test(token)
}

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's'
}

/**
 * The leet readings of a words reading, or none when no word mixes letters with digits or
 * `@`/`$` (most texts: then there is nothing to read differently).
 */
export function leetViews(words: string): string[] {
  const lines = words.split('\n')
  const leet = lines.map((line) => [...line.matchAll(TOKEN)].some((match) => isLeetToken(match[0])))
  if (!leet.includes(true)) return []
  // Only lines with such a word and their neighbours are read (the others stay empty, so line
  // numbers hold): a long text of ordinary code (`sha256`, `x86_64`) is not read twice more.
  const near = leet.map((_, i) => leet[i - 1] === true || leet[i] === true || leet[i + 1] === true)
  const read = (one: string): string =>
    lines
      .map((line, i) =>
        near[i] !== true
          ? ''
          : line.replace(TOKEN, (token) =>
              isLeetToken(token)
                ? token.replace(/[0-9@$]/g, (c) => (c === '1' ? one : (LEET[c] ?? c)))
                : token
            )
      )
      .join('\n')
  return words.includes('1') ? [read('i'), read('l')] : [read('i')]
}
