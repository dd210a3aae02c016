import { paragraphAt, splitParagraphs, type Paragraph } from './paragraphs'
import { blockingFindings, findThreats, type ThreatFinding } from './scanner'
import type { ScanScope } from './threatPatterns'

/** A paragraph kept from the model, with what the scanner matched in it (lines of the whole text). */
export interface WithheldParagraph {
  /** 1-based position of the paragraph in the file; 0 when the whole text was kept back. */
  readonly paragraph: number
  readonly findings: readonly ThreatFinding[]
}

export interface ParagraphScan {
  /** The text as it may be sent: the original bytes when nothing was withheld, a marker for each paragraph that was. */
  readonly text: string
  readonly withheld: readonly WithheldParagraph[]
  /** True when no paragraph could be singled out and the whole text was kept back. */
  readonly wholeText: boolean
  /** Findings that do not block (protective sentences), for the user to see. */
  readonly warnings: readonly ThreatFinding[]
}

/** The visible marker that replaces a whole text with a finding; the ids say what matched. */
export function blockedMarker(label: string, ids: readonly string[]): string {
  return `[BLOCKED: ${label} contained potential prompt injection (${ids.join(', ')}). Content not loaded.]`
}

/** The line that stands in for a withheld paragraph; it names the finding and where to fix it. */
export function withheldMarker(label: string, paragraph: number, findings: readonly ThreatFinding[]): string {
  const ids = [...new Set(findings.map((f) => f.id))].join(', ')
  const line = findings[0]?.line ?? 0
  return `[BLOCKED: paragraph ${paragraph} of ${label} (line ${line}) contained potential prompt injection (${ids}). Left out of this prompt; fix it in ${label}.]`
}

/**
 * Scans a text from outside Hearth (a project's rules file, a skill) and keeps back only the
 * paragraphs with a blocking finding; the rest still reaches the model. Each paragraph is scanned
 * on its own (so every hit is found, not only each pattern's first), the whole text too (a phrase
 * across a blank line), and then the text as it would be sent, until it is clean. When a finding
 * cannot be pinned to one paragraph, or every paragraph has one, the whole text is kept back (`wholeText`). `lineOffset`: the
 * lines of the file above `text` (a frontmatter, leading blank lines), so findings name file lines.
 */
export function withholdParagraphs(
  text: string,
  label: string,
  scope: ScanScope,
  lineOffset = 0
): ParagraphScan {
  const whole = findThreats(text, scope).map((hit) => shifted(hit, lineOffset))
  const warnings = whole.filter((f) => f.severity === 'warn')
  if (blockingFindings(whole).length === 0) return { text, withheld: [], wholeText: false, warnings }
  const paragraphs = splitParagraphs(text)
  const held = new Map<number, ThreatFinding[]>()
  paragraphs.forEach((p, index) => {
    const hits = blockingFindings(findThreats(p.text, scope))
    if (hits.length > 0)
      held.set(
        index,
        hits.map((hit) => shifted(hit, p.firstLine - 1 + lineOffset))
      )
  })
  if (!holdFindings(paragraphs, held, blockingFindings(whole), lineOffset))
    return wholeTextHeld(label, whole, warnings)
  // Withholding joins the neighbours of a paragraph; scan what would be sent until nothing new turns up.
  for (let round = 0; round <= paragraphs.length; round++) {
    const sent = render(paragraphs, held, label)
    const hits = blockingFindings(findThreats(sent, scope))
    if (hits.length === 0 && held.size === paragraphs.length) break // nothing left: say the file was not loaded
    if (hits.length === 0) return { text: sent, withheld: withheldList(held), wholeText: false, warnings }
    const inSent = splitParagraphs(sent)
    const mapped = hits.map((hit) => ({ ...hit, index: paragraphAt(inSent, hit.line) }))
    if (mapped.some((hit) => hit.index === -1 || held.has(hit.index))) break
    for (const hit of mapped) {
      const original = paragraphs[hit.index] as Paragraph
      const lineInText = original.firstLine + hit.line - (inSent[hit.index] as Paragraph).firstLine
      held.set(hit.index, [...(held.get(hit.index) ?? []), shifted({ ...hit, line: lineInText }, lineOffset)])
    }
  }
  return wholeTextHeld(label, whole, warnings)
}

/** Adds the whole-text findings to the paragraphs they start in; false when one sits on no paragraph. */
function holdFindings(
  paragraphs: readonly Paragraph[],
  held: Map<number, ThreatFinding[]>,
  findings: readonly ThreatFinding[],
  lineOffset: number
): boolean {
  for (const finding of findings) {
    const index = paragraphAt(paragraphs, finding.line - lineOffset)
    if (index === -1) return false
    const hits = held.get(index) ?? []
    if (!hits.some((hit) => hit.id === finding.id)) held.set(index, [...hits, finding])
  }
  return true
}

/** A finding with its line counted from the top of the file, not of the scanned part. */
function shifted(hit: ThreatFinding, lineOffset: number): ThreatFinding {
  return lineOffset === 0 ? hit : { ...hit, line: hit.line + lineOffset }
}

function render(
  paragraphs: readonly Paragraph[],
  held: ReadonlyMap<number, readonly ThreatFinding[]>,
  label: string
): string {
  return paragraphs
    .map((p, index) => {
      const hits = held.get(index)
      return hits ? withheldMarker(label, index + 1, hits) : p.text
    })
    .join('\n\n')
}

function withheldList(held: ReadonlyMap<number, readonly ThreatFinding[]>): WithheldParagraph[] {
  return [...held.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, findings]) => ({
      paragraph: index + 1,
      findings: [...findings].sort((a, b) => a.line - b.line)
    }))
}

function wholeTextHeld(
  label: string,
  whole: readonly ThreatFinding[],
  warnings: readonly ThreatFinding[]
): ParagraphScan {
  const findings = blockingFindings(whole)
  return {
    text: blockedMarker(
      label,
      findings.map((f) => f.id)
    ),
    withheld: [{ paragraph: 0, findings }],
    wholeText: true,
    warnings
  }
}
