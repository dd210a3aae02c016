import type { LayerFinding, RulesSource, SourceFile } from './promptTypes'
import { findThreats } from './scanner'
import { stripFrontmatter } from './text'
import { truncateText } from './truncate'

/** A rendered piece of a layer with everything the report needs. */
export interface RenderedFile {
  readonly text: string
  readonly blocked: readonly string[]
  readonly findings: readonly LayerFinding[]
  readonly truncation: RenderedTruncation | null
  readonly warnings: readonly string[]
}

type RenderedTruncation = {
  readonly label: string
  readonly head: number
  readonly tail: number
  readonly total: number
  readonly cap: number
}
type Scanned = Omit<RenderedFile, 'truncation'>

/** The visible marker that replaces a file with a finding; the ids say what matched. */
export function blockedMarker(label: string, ids: readonly string[]): string {
  return `[BLOCKED: ${label} contained potential prompt injection (${ids.join(', ')}). Content not loaded.]`
}

/** Scans the whole text with the context scope; a hit replaces it with the marker. */
export function scanContextFile(file: SourceFile, text: string, where = ''): Scanned {
  const hits = findThreats(text, 'context')
  if (hits.length === 0) return { text, blocked: [], findings: [], warnings: [] }
  const ids = hits.map((hit) => hit.id)
  return {
    text: blockedMarker(file.label, ids),
    blocked: ids,
    findings: hits.map((hit) => ({ ...hit, source: file.path })),
    warnings: [
      `${file.label} was not loaded: the injection scanner matched ${hits.map((hit) => `${hit.id} on line ${hit.line}${where}`).join(', ')}.`
    ]
  }
}

/**
 * Caps a scanned text, then scans it again exactly as it will be sent: cutting out the middle
 * joins the head to the tail (and adds a marker naming the file's path), and that seam must not
 * form a phrase the whole-file scan never saw. A hit there blocks the whole text. `always`
 * rescans an uncut text too (the rules section adds headings made of file names).
 */
function capAndRescan(file: SourceFile, scanned: Scanned, cap: number, always: boolean): RenderedFile {
  const cut = truncateText(scanned.text, file.label, cap, file.path)
  const sent = cut.truncated || always ? scanContextFile(file, cut.text, ' of the text as sent') : null
  if (sent && sent.blocked.length > 0) {
    return {
      text: sent.text,
      blocked: [...new Set([...scanned.blocked, ...sent.blocked])],
      findings: [...scanned.findings, ...sent.findings],
      warnings: [...scanned.warnings, ...sent.warnings],
      truncation: null
    }
  }
  return {
    ...scanned,
    text: cut.text,
    truncation: cut.truncated
      ? { label: file.label, head: cut.head, tail: cut.tail, total: cut.total, cap }
      : null,
    warnings: cut.warning ? [...scanned.warnings, cut.warning] : scanned.warnings
  }
}

/**
 * The identity layer: SOUL.md scanned and capped, or the built-in identity when the file is
 * missing, unreadable or only whitespace (its read error is still reported).
 */
export function renderIdentity(
  soul: SourceFile | null,
  defaultIdentity: string,
  cap: number
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
      fromFile: false
    }
  }
  const scanned = scanContextFile(soul, body)
  if (scanned.blocked.length > 0) return { ...scanned, truncation: null, fromFile: true }
  return { ...capAndRescan(soul, scanned, cap, false), fromFile: true }
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
    warnings: parts.flatMap((part) => part.warnings)
  }
  const result = capAndRescan({ ...primary, label }, merged, cap, true)
  return { ...result, text: `${RULES_INTRO}\n\n${result.text}` }
}
