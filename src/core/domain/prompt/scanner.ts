import {
  INVISIBLE_CHARS,
  SCAN_OVERLAP_CHARS,
  SCAN_SCOPES,
  SCAN_WINDOW_CHARS,
  THREAT_PATTERNS,
  scopeIncludes,
  type ScanScope
} from './threatPatterns'

/** One scanner hit with where it is, so the user can see exactly which line tripped it. */
export interface ThreatFinding {
  readonly id: string
  /** 1-based line number in the scanned text. */
  readonly line: number
  /** That line of the original text (cut to 240 chars). */
  readonly lineText: string
}

const INVISIBLE = new Set(INVISIBLE_CHARS)
const LINE_PREVIEW_CHARS = 240

/** Throws on an unknown scope: a typo must not silently scan with fewer patterns. */
export function assertScope(scope: string): asserts scope is ScanScope {
  if (!(SCAN_SCOPES as readonly string[]).includes(scope)) {
    throw new Error(`Unknown scan scope "${scope}"; use one of: ${SCAN_SCOPES.join(', ')}`)
  }
}

/** One overlapping window of the text, normalised once for every pattern. */
interface ScanWindow {
  /** 1-based line of the window's first character in the whole text. */
  readonly firstLine: number
  readonly normalized: string
  readonly lower: string
}

/**
 * Scans the WHOLE text for prompt-injection and exfiltration patterns and returns each pattern's
 * first finding with its line. Invisible characters are looked for in the raw text (NFKC would
 * not remove them, but other compatibility forms could hide a pattern, so patterns run on the
 * NFKC form). Long texts are read in overlapping windows, so no part of them goes unscanned.
 */
export function findThreats(content: string, scope: ScanScope): ThreatFinding[] {
  assertScope(scope)
  if (content === '') return []
  const lines = content.split('\n')
  const findings: ThreatFinding[] = [...findInvisible(content, lines)]
  const windows = scanWindows(content)
  for (const pattern of THREAT_PATTERNS) {
    if (!scopeIncludes(scope, pattern.scope)) continue
    for (const window of windows) {
      if (pattern.hints && !pattern.hints.some((hint) => window.lower.includes(hint))) continue
      const match = pattern.regex.exec(window.normalized)
      if (!match) continue
      findings.push(
        finding(pattern.id, window.firstLine + lineNumberAt(window.normalized, match.index) - 1, lines)
      )
      break
    }
  }
  return findings
}

/** The finding ids only, in report order (invisible characters first, then table order). */
export function scanForThreats(content: string, scope: ScanScope): string[] {
  return findThreats(content, scope).map((f) => f.id)
}

/** `invisible_unicode_U+200B`-style id for a code point. */
export function invisibleId(codePoint: number): string {
  return `invisible_unicode_U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
}

function scanWindows(text: string): ScanWindow[] {
  const windows: ScanWindow[] = []
  const step = SCAN_WINDOW_CHARS - SCAN_OVERLAP_CHARS
  let line = 1
  let counted = 0
  for (let start = 0; ; start += step) {
    line += countNewlines(text, counted, start)
    counted = start
    const normalized = text.slice(start, start + SCAN_WINDOW_CHARS).normalize('NFKC')
    windows.push({ firstLine: line, normalized, lower: normalized.toLowerCase() })
    if (start + SCAN_WINDOW_CHARS >= text.length) return windows
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++
  return n
}

function findInvisible(raw: string, lines: readonly string[]): ThreatFinding[] {
  const seen = new Set<number>()
  const result: ThreatFinding[] = []
  let line = 1
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i)
    if (code === 10) line++
    if (!INVISIBLE.has(code) || seen.has(code)) continue
    seen.add(code)
    result.push(finding(invisibleId(code), line, lines))
  }
  return result
}

function lineNumberAt(text: string, index: number): number {
  return countNewlines(text, 0, index) + 1
}

function finding(id: string, line: number, lines: readonly string[]): ThreatFinding {
  const text = lines[line - 1] ?? ''
  return {
    id,
    line,
    lineText: text.length > LINE_PREVIEW_CHARS ? `${text.slice(0, LINE_PREVIEW_CHARS)}…` : text
  }
}
