/**
 * Names of people, projects and tools in plain sentences, without a model: runs of capitalised
 * words ("Ada Lovelace", "PostgreSQL", "Project Atlas"), classified by the words around them.
 * A name must be more than a capitalised first word: a sentence's first word counts only when it
 * looks like a name on its own (inner capitals, digits), is followed by another capitalised word
 * ("Ada Lovelace prefers…"), or the same word is capitalised elsewhere.
 */
export type EntityKind = 'person' | 'project' | 'tool'

export interface EntityMention {
  readonly name: string
  readonly kind: EntityKind | null
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}.+#'’-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu
const CAPITALISED = /^\p{Lu}/u
/** Capitalised words that are never names on their own. */
const COMMON = new Set(
  (
    'I A An The This That These Those It Its We Our You Your He She They Them His Her Their My Me ' +
    'If When Where Why How What Which Who Whom Whose While After Before Because Since Until Unless ' +
    'And Or But So Yet Also Then Than Both Either Neither Each Every All Any Some No Not Never Always ' +
    'Ask Tell Remind Call Email Ping Send Meet Check Write Add Move Ship Try Let Make Get Put Thank Thanks ' +
    'Use Uses Used Using Keep Kept Prefer Prefers Decided Decide Decision Why Note Notes Fact Facts ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays ' +
    'January February March April May June July August September October November December ' +
    'Today Tomorrow Yesterday Morning Evening Night Week Weekend Month Year OK Yes'
  ).split(' ')
)
const PERSON_AFTER = new Set(
  'said says prefers prefer likes like wants asked asks told tells thinks thought owns leads reviews reviewed approved wrote writes is was works lives'.split(
    ' '
  )
)
const PERSON_BEFORE = new Set('with told ask asked met from by cc ping call emailed thanks'.split(' '))
const TOOL_BEFORE = new Set('use uses used using via in into on run runs install installed with'.split(' '))
const TOOL_AFTER = new Set(
  'cli api server database db app library plugin extension sdk editor tool tools service cluster'.split(' ')
)

interface Token {
  readonly text: string
  readonly start: number
  /** The first word of a sentence (capitalised by grammar, not by being a name). */
  readonly first: boolean
}

function tokens(text: string): Token[] {
  const out: Token[] = []
  let sentenceStart = true
  let last = 0
  for (const match of text.matchAll(TOKEN)) {
    const gap = text.slice(last, match.index)
    if (/[.!?:;\n]\s*$/.test(gap) || /\n/.test(gap)) sentenceStart = true
    out.push({ text: match[0].replace(/['’]s$/u, ''), start: match.index, first: sentenceStart })
    sentenceStart = false
    last = match.index + match[0].length
  }
  return out
}

/** A word that reads as a name even first in a sentence: inner capitals or digits (GitHub, S3). */
function nameShaped(word: string): boolean {
  return /^\p{Lu}.*(\p{Lu}|\d)/u.test(word) || /^\p{Lu}[\p{L}]*\.(js|ts|io|py|rs)$/u.test(word)
}

/** The names in one text, in order of appearance, each once. */
export function namesIn(
  text: string,
  capitalisedElsewhere: ReadonlySet<string> = new Set()
): EntityMention[] {
  const list = tokens(text)
  const found = new Map<string, EntityMention>()
  for (let i = 0; i < list.length;) {
    const opensRun =
      (list[i] as Token).first &&
      CAPITALISED.test((list[i] as Token).text) &&
      !COMMON.has((list[i] as Token).text) &&
      i + 1 < list.length &&
      continuesName(list, i + 1)
    if (!opensRun && !isNameWord(list[i] as Token, capitalisedElsewhere)) {
      i++
      continue
    }
    let j = i
    while (j + 1 < list.length && continuesName(list, j + 1)) j++
    const words = list.slice(i, j + 1).map((t) => t.text)
    const name = words.join(' ')
    if (!found.has(name.toLowerCase()) && usable(name))
      found.set(name.toLowerCase(), { name, kind: classify(list, i, j, words) })
    i = j + 1
  }
  return [...found.values()]
}

function isNameWord(token: Token, elsewhere: ReadonlySet<string>): boolean {
  if (!CAPITALISED.test(token.text) || COMMON.has(token.text)) return false
  // "API", "CLI", "SDK": what a name is, never a name by itself.
  if (TOOL_AFTER.has(token.text.toLowerCase())) return false
  if (!token.first) return true
  return nameShaped(token.text) || elsewhere.has(token.text)
}

/** A capitalised word after a name, unless it says what the name is ("Stripe API", "Google Cloud SDK"). */
function continuesName(list: readonly Token[], k: number): boolean {
  const token = list[k] as Token
  return (
    !token.first &&
    CAPITALISED.test(token.text) &&
    !COMMON.has(token.text) &&
    !TOOL_AFTER.has(token.text.toLowerCase())
  )
}

function usable(name: string): boolean {
  return name.length >= 2 && !/^\d+$/.test(name) && !(name.length <= 2 && name === name.toUpperCase())
}

function classify(list: readonly Token[], i: number, j: number, words: readonly string[]): EntityKind | null {
  const before = list[i - 1]?.text.toLowerCase() ?? ''
  const after = list[j + 1]?.text.toLowerCase() ?? ''
  if (before === 'project' || after === 'project' || words[0] === 'Project') return 'project'
  if (words.some(nameShaped) || TOOL_AFTER.has(after) || (TOOL_BEFORE.has(before) && words.length === 1))
    return 'tool'
  if (words.length >= 2 && words.length <= 3 && words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)))
    return 'person'
  if (PERSON_AFTER.has(after) || PERSON_BEFORE.has(before)) return 'person'
  return null
}

/** Capitalised words seen anywhere but first in a sentence: they may be names when first, too. */
export function capitalisedWords(texts: readonly string[]): Set<string> {
  const seen = new Set<string>()
  for (const text of texts)
    for (const token of tokens(text))
      if (!token.first && CAPITALISED.test(token.text) && !COMMON.has(token.text)) seen.add(token.text)
  return seen
}
