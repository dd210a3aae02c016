import type { LayerFinding, RulesSource, SourceFile, TruncationInfo } from './promptTypes'
import { findThreats } from './scanner'
import { stripFrontmatter } from './text'
import { truncateText } from './truncate'

/** A rendered piece of a layer with everything the report needs. */
export interface RenderedFile {
  readonly text: string
  readonly blocked: readonly string[]
  readonly findings: readonly LayerFinding[]
  readonly truncation: TruncationInfo | null
  readonly warnings: readonly string[]
}

/** The visible marker that replaces a file with a finding; the ids say what matched. */
export function blockedMarker(label: string, ids: readonly string[]): string {
  return `[BLOCKED: ${label} contained potential prompt injection (${ids.join(', ')}). Content not loaded.]`
}

/** Scans with the context scope; a hit replaces the whole text with the marker. */
export function scanContextFile(file: SourceFile, text: string): Omit<RenderedFile, 'truncation'> {
  const hits = findThreats(text, 'context')
  if (hits.length === 0) return { text, blocked: [], findings: [], warnings: [] }
  const ids = hits.map((hit) => hit.id)
  return {
    text: blockedMarker(file.label, ids),
    blocked: ids,
    findings: hits.map((hit) => ({ ...hit, source: file.path })),
    warnings: [`${file.label} was not loaded: the injection scanner matched ${hits.map((hit) => `${hit.id} on line ${hit.line}`).join(', ')}.`]
  }
}

function truncated(file: SourceFile, scanned: Omit<RenderedFile, 'truncation'>, text: string, cap: number): RenderedFile {
  const cut = truncateText(text, file.label, cap, file.path)
  return {
    ...scanned,
    text: cut.text,
    truncation: cut.truncated ? { label: file.label, head: cut.head, tail: cut.tail, total: cut.total, cap } : null,
    warnings: cut.warning ? [...scanned.warnings, cut.warning] : scanned.warnings
  }
}

/**
 * The identity layer: SOUL.md scanned and capped, or the built-in identity when the file is
 * missing, unreadable or only whitespace (its read error is still reported).
 */
export function renderIdentity(soul: SourceFile | null, defaultIdentity: string, cap: number): RenderedFile & { readonly fromFile: boolean } {
  const body = soul?.text?.trim() ?? ''
  const warnings = soul?.error ? [`${soul.error}; the built-in identity is used instead.`] : []
  if (soul === null || body === '') {
    return { text: defaultIdentity.trim(), blocked: [], findings: [], truncation: null, warnings, fromFile: false }
  }
  const scanned = scanContextFile(soul, body)
  return { ...truncated(soul, scanned, scanned.text, cap), fromFile: true }
}

const RULES_INTRO = '# Project rules\n\nThe project folder has its own instructions. Follow them:'

/**
 * The project rules block of the context tier. Each file is scanned on its own (a blocked
 * `.mdc` does not hide the others) and the rendered section, heading included, is capped.
 */
export function renderRules(rules: RulesSource | null, cap: number): RenderedFile | null {
  if (rules === null || rules.files.length === 0) return null
  const parts = rules.files.map((file) => {
    const body = (rules.kind === 'hearth' ? stripFrontmatter(file.text ?? '') : (file.text ?? '')).trim()
    const scanned = scanContextFile(file, body)
    return { ...scanned, text: `## ${file.label}\n\n${scanned.text}` }
  })
  const primary = rules.files[0] as SourceFile
  const label = rules.kind === 'cursor' ? '.cursorrules' : primary.label
  const section = parts.map((part) => part.text).join('\n\n')
  const merged = {
    text: section,
    blocked: parts.flatMap((part) => part.blocked),
    findings: parts.flatMap((part) => part.findings),
    warnings: parts.flatMap((part) => part.warnings)
  }
  const result = truncated({ ...primary, label }, merged, section, cap)
  return { ...result, text: `${RULES_INTRO}\n\n${result.text}` }
}
