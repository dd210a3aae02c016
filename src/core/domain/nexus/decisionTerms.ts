/**
 * A decision's summary as terms a conflict check can compare: clauses of tokens, each with its
 * normalised form (lowercase, light stemming, a number joined to its unit), whether it is a
 * value (a name, a quantity, a weekday…) and whether a negation ("not", "no", "instead of",
 * "drop") rules it out. Pure text work: no I/O, no model.
 */

export type ValueKind =
  | 'name'
  | 'number'
  | 'time'
  | 'weekday'
  | 'month'
  | 'direction'
  | 'format'
  | 'os'
  | 'color'
  | `quantity:${string}`

export interface Term {
  /** Normalised form, compared across decisions (e.g. "note", "320px", "sqlite"). */
  readonly norm: string
  /** As written, for messages. */
  readonly surface: string
  /** Set for values: what kind of choice the term names. */
  readonly kind: ValueKind | null
  /** True when a negation in its clause rules it out ("not SQLite", "instead of the train"). */
  readonly negated: boolean
}

/** A decision as clauses of content terms (stopwords and negators dropped). */
export interface DecisionTerms {
  readonly clauses: readonly (readonly Term[])[]
  /** Every content term, all clauses. */
  readonly all: readonly Term[]
}

const STOPWORDS = new Set(
  `a an the and or but of to in on at for with by from as into onto over via per than then so too very just
  through this that these those it its it's we our us they their them you your i my me he she his her all any each every
  also both either is are was were be been being am will would shall should must can could may might
  do does did done use uses using used keep keeps kept stay stays make makes made build builds built
  write writes written create creates go goes going gone out up let lets get gets set here there now
  which who whom whose what when where why how if else about after-all`.split(/\s+/)
)

/** Words that rule out what follows them in the same clause. */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'without',
  'instead',
  'rather',
  'drop',
  'dropping',
  'avoid',
  'stop',
  'nor',
  "don't",
  'dont',
  "doesn't",
  "won't",
  'cannot',
  "can't",
  "isn't",
  "aren't"
])

const UNITS: Readonly<Record<string, string>> = {
  px: 'px',
  kb: 'kb',
  mb: 'mb',
  gb: 'gb',
  tb: 'tb',
  ms: 'ms',
  s: 's',
  sec: 's',
  second: 's',
  min: 'min',
  minute: 'min',
  h: 'h',
  hour: 'h',
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
  euro: 'eur',
  eur: 'eur',
  '€': 'eur',
  dollar: 'usd',
  usd: 'usd',
  $: 'usd',
  percent: '%',
  '%': '%',
  km: 'km',
  kg: 'kg',
  line: 'line',
  item: 'item',
  user: 'user',
  request: 'request',
  retry: 'retry',
  time: 'time'
}

const KINDS: readonly (readonly [ValueKind, readonly string[]])[] = [
  ['weekday', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']],
  [
    'month',
    [
      'january',
      'february',
      'march',
      'april',
      'may',
      'june',
      'july',
      'august',
      'september',
      'october',
      'november',
      'december'
    ]
  ],
  ['direction', ['north', 'south', 'east', 'west']],
  [
    'format',
    ['jpeg', 'jpg', 'png', 'webp', 'avif', 'gif', 'svg', 'heic', 'json', 'yaml', 'toml', 'xml', 'csv', 'pdf']
  ],
  ['os', ['ios', 'android', 'windows', 'macos', 'linux']],
  ['color', ['red', 'green', 'blue', 'yellow', 'black', 'white', 'orange', 'purple', 'grey', 'gray']]
]
const KIND_OF = new Map(KINDS.flatMap(([kind, words]) => words.map((word) => [word, kind] as const)))

/**
 * A light English stemmer: enough for "stores"/"store", "indentation"/"indent",
 * "launches"/"launch" and "taking"/"take" to meet, and never applied to numbers or short words.
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '')
  if (w.length <= 3 || /\d/.test(w)) return w
  if (/(ches|shes|sses|xes|oes)$/.test(w)) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.length > 6 && w.endsWith('ation')) w = w.slice(0, -5)
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  if (w.length > 5 && w.endsWith('ate')) w = w.slice(0, -3)
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1)
  return w
}

const TOKEN = /[\p{L}\p{N}$€%][\p{L}\p{N}._+:'’/=-]*[\p{L}\p{N}%]|[\p{L}\p{N}$€%]/gu
/** Clause breaks: `;` `,` `:` (not inside "9:00"), sentence ends, dashes, parentheses. */
const CLAUSE_BREAK = /[;,]|:(?!\d)|\.(?=\s|$)|\s[—–-]\s|[()]/

function valueKind(surface: string, lower: string, clauseStart: boolean): ValueKind | null {
  const listed = KIND_OF.get(stem(lower)) ?? KIND_OF.get(lower)
  if (listed) return listed
  if (/^\d{1,2}:\d{2}$/.test(lower)) return 'time'
  if (/^\d+([.,]\d+)?$/.test(lower)) return 'number'
  if (/\d/.test(lower) || /[.+:/=]/.test(lower)) return 'name'
  // A capital inside the word (WebDAV, iOS) or on a word that does not start the sentence.
  if (/\p{Lu}/u.test(surface.slice(1)) || (!clauseStart && /^\p{Lu}/u.test(surface))) return 'name'
  return null
}

/** Tokens of one clause, a number joined to the unit after it ("320 px" → "320px"). */
function clauseTerms(text: string, sentenceStart: boolean): Term[] {
  const words = text.match(TOKEN) ?? []
  const terms: Term[] = []
  let negated = false
  for (let i = 0; i < words.length; i++) {
    const surface = words[i] as string
    const lower = surface.toLowerCase()
    if (NEGATORS.has(lower)) {
      negated = true
      continue
    }
    const unit = /^\d+([.,]\d+)?$/.test(lower) ? UNITS[stem(words[i + 1] ?? '')] : undefined
    if (unit !== undefined) {
      terms.push({
        norm: `${lower}${unit}`,
        surface: `${surface} ${words[i + 1]}`,
        kind: `quantity:${unit}`,
        negated
      })
      i++
      continue
    }
    if (STOPWORDS.has(lower)) continue
    const kind = valueKind(surface, lower, sentenceStart && terms.length === 0 && i === 0)
    terms.push({ norm: kind === 'name' ? lower : stem(lower), surface, kind, negated })
  }
  return terms
}

export function decisionTerms(summary: string): DecisionTerms {
  const parts = summary.split(CLAUSE_BREAK).filter((part) => part.trim() !== '')
  const clauses = parts.map((part, i) => clauseTerms(part, i === 0)).filter((terms) => terms.length > 0)
  return { clauses, all: clauses.flat() }
}
