import type { WikiPageSummary } from '../../../../shared/contract'

type Kind = NonNullable<WikiPageSummary['kind']>

export const KIND_LABEL: Readonly<Record<Kind, string>> = {
  person: 'Person',
  project: 'Project',
  tool: 'Tool'
}

const GROUPS: readonly { kind: Kind | null; label: string }[] = [
  { kind: 'person', label: 'People' },
  { kind: 'project', label: 'Projects' },
  { kind: 'tool', label: 'Tools' },
  { kind: null, label: 'Other names' }
]

/** The pages (index left out) in groups by kind, each keeping the list's order; empty groups dropped. */
export function pagesByKind(
  pages: readonly WikiPageSummary[]
): { label: string; pages: WikiPageSummary[] }[] {
  return GROUPS.map(({ kind, label }) => ({
    label,
    pages: pages.filter((page) => page.slug !== 'index' && page.kind === kind)
  })).filter((group) => group.pages.length > 0)
}
