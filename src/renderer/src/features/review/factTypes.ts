import type { Fact } from '../../../../shared/contract'

/** How each fact type reads in a chip. */
export const FACT_TYPE_LABELS: Readonly<Record<Fact['type'], string>> = {
  decision: 'decision',
  user_fact: 'about you',
  project_fact: 'project',
  error_fix: 'error & fix',
  preference: 'preference'
}
