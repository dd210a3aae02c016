/**
 * The sections of the app, in sidebar order. Kept apart from `sections.ts` (which imports
 * components) so the store can name sections without importing React code.
 */
export const SECTION_IDS = [
  'chat',
  'prompt',
  'files',
  'skills',
  'memories',
  'review',
  'nexus',
  'wiki',
  'import',
  'inspector',
  'settings'
] as const
export type SectionId = (typeof SECTION_IDS)[number]

export function isSectionId(value: string): value is SectionId {
  return (SECTION_IDS as readonly string[]).includes(value)
}
