import { isProtective } from './protective'
import { leetViews, wordsView } from './scanViews'
import { foldText } from './textFold'
import {
  SCAN_OVERLAP_CHARS,
  SCAN_SCOPES,
  SCAN_WINDOW_CHARS,
  THREAT_PATTERNS,
  scopeIncludes,
  type ScanScope,
  type ThreatPattern
} from './threatPatterns'
import { findHiddenCharacters } from './hiddenChars'

/**
 * `block`: the text is kept from the model (or, for the user's own files, until they trust it).
 * `warn`: shown, never blocking — a protective sentence that names an injection to refuse it.
 */
export type FindingSeverity = 'block' | 'warn'

/** One scanner hit with where it is, so the user can see exactly which line tripped it. */
export interface ThreatFinding {
  readonly id: string
  /** 1-based line number in the scanned text. */
  readonly line: number
  /** That line of the original text (cut to 240 chars). */
  readonly lineText: string
  readonly severity: FindingSeverity
}

const LINE_PREVIEW_CHARS = 240
/** Matches of one pattern looked at per reading of a window before the rest are taken as blocking. */
const MAX_MATCHES_PER_VIEW = 32

/** Throws on an unknown scope: a typo must not silently scan with fewer patterns. */
export function assertScope(scope: string): asserts scope is ScanScope {
  if (!(SCAN_SCOPES as readonly string[]).includes(scope)) {
    throw new Error(`Unknown scan scope "${scope}"; use one of: ${SCAN_SCOPES.join(', ')}`)
  }
}

/** One overlapping window of the text, read once per reading the patterns need. */
interface ScanWindow {
  /** 1-based line of the window's first character in the whole text. */
  readonly firstLine: number
  /** The folded text (every pattern), the words reading (phrase patterns), the leet readings (protectable phrases). */
  readonly folded: View
  readonly words: View | null
  readonly leet: readonly View[]
}

interface View {
  readonly text: string
  readonly lower: string
}

/**
 * Scans the WHOLE text for prompt-injection and exfiltration patterns and returns each pattern's
 * first finding with its line. The patterns read a folded copy (`textFold`: hidden characters
 * out, NFKC, accents dropped, lookalike letters in Latin), phrase patterns also the words and
 * leet readings (`scanViews`); hidden characters that split a word are findings of their own.
 * A pattern whose every match sits in a protective sentence is a warning. Long texts are read in
 * overlapping windows, so no part of them goes unscanned.
 */
export function findThreats(content: string, scope: ScanScope): ThreatFinding[] {
  assertScope(scope)
  if (content === '') return []
  const lines = content.split('\n')
  const findings: ThreatFinding[] = findHiddenCharacters(content).map((hit) =>
    finding(hit.id, hit.line, lines, 'block')
  )
  const windows = scanWindows(content)
  for (const pattern of THREAT_PATTERNS) {
    if (!scopeIncludes(scope, pattern.scope)) continue
    const hit = patternHit(pattern, windows)
    if (hit) findings.push(finding(pattern.id, hit.line, lines, hit.severity))
  }
  return findings
}

/** The ids of the findings that block, in report order (hidden characters first, then table order). */
export function scanForThreats(content: string, scope: ScanScope): string[] {
  return blockingFindings(findThreats(content, scope)).map((f) => f.id)
}

/** The findings that keep a text from the model (warnings left out). */
export function blockingFindings<T extends { readonly severity: FindingSeverity }>(
  findings: readonly T[]
): T[] {
  return findings.filter((f) => f.severity === 'block')
}

export { invisibleId } from './hiddenChars'

/** The first blocking match of a pattern, else its first protective one as a warning. */
function patternHit(
  pattern: ThreatPattern,
  windows: readonly ScanWindow[]
): { line: number; severity: FindingSeverity } | null {
  let warning: number | null = null
  for (const window of windows) {
    const views = [window.folded]
    if (pattern.words && window.words) views.push(window.words)
    if (pattern.protectable) views.push(...window.leet)
    for (const view of views) {
      if (pattern.hints && !pattern.hints.some((hint) => view.lower.includes(hint))) continue
      const hit = firstMatch(pattern, view.text)
      if (hit === null) continue
      const line = window.firstLine + lineNumberAt(view.text, hit.index) - 1
      if (!hit.protective) return { line, severity: 'block' }
      warning ??= line
    }
  }
  return warning === null ? null : { line: warning, severity: 'warn' }
}

/** The first non-protective match of a pattern in a text, else its first protective one. */
function firstMatch(pattern: ThreatPattern, text: string): { index: number; protective: boolean } | null {
  const regex = pattern.regex
  regex.lastIndex = 0
  let protectiveAt: number | null = null
  for (let seen = 0; seen < MAX_MATCHES_PER_VIEW; seen++) {
    const match = regex.exec(text)
    if (!match) break
    const end = match.index + match[0].length
    if (!pattern.protectable || !isProtective(text, match.index, end))
      return { index: match.index, protective: false }
    protectiveAt ??= match.index
    regex.lastIndex = end > match.index ? end : match.index + 1
  }
  regex.lastIndex = 0
  return protectiveAt === null ? null : { index: protectiveAt, protective: true }
}

function view(text: string): View {
  return { text, lower: text.toLowerCase() }
}

function scanWindows(text: string): ScanWindow[] {
  const windows: ScanWindow[] = []
  const step = SCAN_WINDOW_CHARS - SCAN_OVERLAP_CHARS
  let line = 1
  let counted = 0
  for (let start = 0; ; start += step) {
    line += countNewlines(text, counted, start)
    counted = start
    const folded = foldText(text.slice(start, start + SCAN_WINDOW_CHARS))
    const words = wordsView(folded)
    windows.push({
      firstLine: line,
      folded: view(folded),
      words: words === folded ? null : view(words),
      leet: leetViews(words).map(view)
    })
    if (start + SCAN_WINDOW_CHARS >= text.length) return windows
  }
}

export function countNewlines(text: string, from: number, to: number): number {
  let n = 0
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++
  return n
}

function lineNumberAt(text: string, index: number): number {
  return countNewlines(text, 0, index) + 1
}

function finding(
  id: string,
  line: number,
  lines: readonly string[],
  severity: FindingSeverity
): ThreatFinding {
  const text = lines[line - 1] ?? ''
  return {
    id,
    line,
    lineText: text.length > LINE_PREVIEW_CHARS ? `${text.slice(0, LINE_PREVIEW_CHARS)}…` : text,
    severity
  }
}
