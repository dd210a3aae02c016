import { INVISIBLE_CHARS, MAX_SCAN_CHARS, SCAN_SCOPES, THREAT_PATTERNS, scopeIncludes, type ScanScope } from './threatPatterns'

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

/**
 * Scans text for prompt-injection and exfiltration patterns and returns each finding with its line.
 * Invisible characters are looked for in the raw text (NFKC would not remove them, but other
 * compatibility forms could hide a pattern, so patterns run on the NFKC form).
 */
export function findThreats(content: string, scope: ScanScope): ThreatFinding[] {
  assertScope(scope)
  if (content === '') return []
  const raw = content.slice(0, MAX_SCAN_CHARS)
  const lines = raw.split('\n')
  const findings: ThreatFinding[] = [...findInvisible(raw, lines)]
  const normalized = raw.normalize('NFKC')
  const lower = normalized.toLowerCase()
  for (const pattern of THREAT_PATTERNS) {
    if (!scopeIncludes(scope, pattern.scope)) continue
    if (pattern.hints && !pattern.hints.some((hint) => lower.includes(hint))) continue
    const match = pattern.regex.exec(normalized)
    if (!match) continue
    findings.push(finding(pattern.id, lineNumberAt(normalized, match.index), lines))
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
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}

function finding(id: string, line: number, lines: readonly string[]): ThreatFinding {
  const text = lines[line - 1] ?? ''
  return { id, line, lineText: text.length > LINE_PREVIEW_CHARS ? `${text.slice(0, LINE_PREVIEW_CHARS)}…` : text }
}
