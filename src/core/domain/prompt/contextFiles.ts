import type { LayerFinding, RulesSource, SourceFile } from './promptTypes'
import { blockingFindings, countNewlines, findThreats, type ThreatFinding } from './scanner'
import { blockedMarker, withholdParagraphs, type WithheldParagraph } from './withhold'
import { stripFrontmatter } from './text'
import { truncateText } from './truncate'

/** A rendered piece of a layer with everything the report needs. */
export interface RenderedFile {
  readonly text: string
  readonly blocked: readonly string[]
  readonly findings: readonly LayerFinding[]
  readonly truncation: RenderedTruncation | null
  readonly warnings: readonly string[]
  /** Of the warnings, those saying what was kept from the model or cut, and why (the chat header shows them). */
  readonly withheld: readonly string[]
}

type RenderedTruncation = {
  readonly label: string
  readonly head: number
  readonly tail: number
  readonly total: number
  readonly cap: number
}
type Scanned = Omit<RenderedFile, 'truncation'>

export { blockedMarker }

/**
 * Scans a whole text with the context scope. A text from outside Hearth keeps back only the
 * paragraphs with a blocking finding (`withholdParagraphs`); a text the user marked as their own
 * (`trusted`: its hash is on record) is scanned all the same, but its findings are only shown.
 */
export function scanContextFile(file: SourceFile, text: string, trusted = false): Scanned {
  if (trusted) return trustedScan(file, text)
  const scan = withholdParagraphs(text, file.label, 'context', linesAbove(file.text ?? '', text))
  const held = scan.withheld.flatMap((part) => part.findings)
  const withheld = scan.withheld.map((part) => withheldSentence(file.label, part))
  return {
    text: scan.text,
    blocked: [...new Set(held.map((hit) => hit.id))],
    findings: [...held, ...scan.warnings].map((hit) => ({ ...hit, source: file.path })),
    warnings: [...withheld, ...warningSentences(file.label, scan.warnings)],
    withheld
  }
}

/** The lines of a file above the part of it that is scanned (a frontmatter, blank lines trimmed off). */
function linesAbove(fileText: string, body: string): number {
  const at = body === '' ? -1 : fileText.lastIndexOf(body)
  return at <= 0 ? 0 : countNewlines(fileText, 0, at)
}

function trustedScan(file: SourceFile, text: string): Scanned {
  const offset = linesAbove(file.text ?? '', text)
  const hits = findThreats(text, 'context').map((hit) => ({ ...hit, line: hit.line + offset }))
  const blocking = blockingFindings(hits)
  const trustedNote =
    blocking.length === 0
      ? []
      : [
          `${file.label} is loaded as you wrote it: you trusted this text, so ${hitList(blocking)} does not keep it from the prompt. A change to the file is scanned again.`
        ]
  return {
    text,
    blocked: [],
    findings: hits.map((hit) => ({ ...hit, source: file.path })),
    warnings: [
      ...trustedNote,
      ...warningSentences(
        file.label,
        hits.filter((hit) => hit.severity === 'warn')
      )
    ],
    withheld: []
  }
}

/** What was kept back and why, in one sentence the chat header and Files show. */
function withheldSentence(label: string, part: WithheldParagraph): string {
  if (part.paragraph === 0)
    return `${label} was not loaded: the injection scanner matched ${hitList(part.findings)}.`
  return `${label}: paragraph ${part.paragraph} was left out of the prompt (the injection scanner matched ${hitList(part.findings)}); the rest of the file is loaded.`
}

function warningSentences(label: string, warnings: readonly ThreatFinding[]): string[] {
  return warnings.map(
    (hit) =>
      `${label}, line ${hit.line}: names ${hit.id} to refuse it (a protective sentence), so it is kept — a warning, not a block.`
  )
}

function hitList(hits: readonly ThreatFinding[]): string {
  return hits.map((hit) => `${hit.id} on line ${hit.line}`).join(', ')
}

/** The text as sent (cut, or with headings) scanned again; any blocking hit keeps all of it back. */
function rescanAsSent(file: SourceFile, text: string): Scanned | null {
  const hits = blockingFindings(findThreats(text, 'context'))
  if (hits.length === 0) return null
  const sentence = `${file.label} was not loaded: the injection scanner matched ${hits.map((hit) => `${hit.id} on line ${hit.line} of the text as sent`).join(', ')}.`
  return {
    text: blockedMarker(
      file.label,
      hits.map((hit) => hit.id)
    ),
    blocked: hits.map((hit) => hit.id),
    findings: hits.map((hit) => ({ ...hit, source: file.path })),
    warnings: [sentence],
    withheld: [sentence]
  }
}

/**
 * Caps a scanned text, then scans it again exactly as it will be sent: cutting out the middle
 * joins the head to the tail (and adds a marker naming the file's path), and that seam must not
 * form a phrase the whole-file scan never saw. A hit there blocks the whole text. `always`
 * rescans an uncut text too (the rules section adds headings made of file names); `never` is for
 * a text the user trusted, whose findings the rescan would only find again.
 */
function capAndRescan(
  file: SourceFile,
  scanned: Scanned,
  cap: number,
  rescan: 'always' | 'when-cut' | 'never'
): RenderedFile {
  const cut = truncateText(scanned.text, file.label, cap, file.path)
  const again = rescan === 'always' || (rescan === 'when-cut' && cut.truncated)
  const sent = again ? rescanAsSent(file, cut.text) : null
  if (sent) {
    return {
      text: sent.text,
      blocked: [...new Set([...scanned.blocked, ...sent.blocked])],
      findings: [...scanned.findings, ...sent.findings],
      warnings: [...scanned.warnings, ...sent.warnings],
      withheld: [...scanned.withheld, ...sent.withheld],
      truncation: null
    }
  }
  return {
    ...scanned,
    text: cut.text,
    truncation: cut.truncated
      ? { label: file.label, head: cut.head, tail: cut.tail, total: cut.total, cap }
      : null,
    warnings: cut.warning ? [...scanned.warnings, cut.warning] : scanned.warnings,
    withheld: cut.warning ? [...scanned.withheld, cut.warning] : scanned.withheld
  }
}

/**
 * The identity layer: SOUL.md scanned and capped, or the built-in identity when the file is
 * missing, unreadable or only whitespace (its read error is still reported). `trusted`: the user
 * marked this exact text as their own (its findings are shown, not blocking).
 */
export function renderIdentity(
  soul: SourceFile | null,
  defaultIdentity: string,
  cap: number,
  trusted = false
): RenderedFile & { readonly fromFile: boolean } {
  const body = soul?.text?.trim() ?? ''
  const warnings = soul?.error ? [`${soul.error}; the built-in identity is used instead.`] : []
  if (soul === null || body === '') {
    return {
      text: defaultIdentity.trim(),
      blocked: [],
      findings: [],
      truncation: null,
      warnings,
      withheld: [],
      fromFile: false
    }
  }
  const scanned = scanContextFile(soul, body, trusted)
  return { ...capAndRescan(soul, scanned, cap, trusted ? 'never' : 'when-cut'), fromFile: true }
}

const RULES_INTRO = '# Project rules\n\nThe project folder has its own instructions. Follow them:'

/**
 * The project rules block of the context tier. Each file is scanned on its own (a blocked
 * `.mdc` does not hide the others) and the rendered section, headings included, is capped and
 * scanned again as sent (a file name is part of it).
 */
export function renderRules(rules: RulesSource | null, cap: number): RenderedFile | null {
  if (rules === null || rules.files.length === 0) return null
  const parts = rules.files.map((file) => {
    const body = (
      rules.kind === 'hearth' || rules.kind === 'hermes'
        ? stripFrontmatter(file.text ?? '')
        : (file.text ?? '')
    ).trim()
    const scanned = scanContextFile(file, body)
    return { ...scanned, text: `## ${file.label}\n\n${scanned.text}` }
  })
  const primary = rules.files[0] as SourceFile
  const label = rules.kind === 'cursor' ? '.cursorrules' : primary.label
  const merged: Scanned = {
    text: parts.map((part) => part.text).join('\n\n'),
    blocked: parts.flatMap((part) => part.blocked),
    findings: parts.flatMap((part) => part.findings),
    warnings: parts.flatMap((part) => part.warnings),
    withheld: parts.flatMap((part) => part.withheld)
  }
  const result = capAndRescan({ ...primary, label }, merged, cap, 'always')
  return { ...result, text: `${RULES_INTRO}\n\n${result.text}` }
}
