/*
 * The seeded USER.md: a heading and a hint that speaks to the user. Shared because the core keeps
 * the hint out of every prompt and memory view, and the first-run screen shows it as a
 * placeholder instead of text the user has to delete.
 */

export const STARTER_HEADING = '# About me'

/** The seeded USER.md's hint: it speaks to the user, so it never reaches an agent as a fact. */
export const STARTER_HINT = `(Write a few lines your agents should always know: your name, what you work on,
how you like answers. Separate independent entries with a line containing only §.)`

export const DEFAULT_USER_MD = `${STARTER_HEADING}

${STARTER_HINT}
`

/** True when USER.md's text (any line ends) still holds the seeded hint. */
export function hasStarterHint(text: string): boolean {
  return text.replace(/\r\n?/g, '\n').includes(STARTER_HINT)
}

/**
 * USER.md's entries as facts about the user: the seeded hint taken out of the entry that holds
 * it, and that entry dropped when only the seeded heading is left. Entries without the hint are
 * returned as they are.
 */
export function withoutStarterHint(entries: readonly string[]): string[] {
  return entries.flatMap((entry) => {
    if (!entry.includes(STARTER_HINT)) return [entry]
    const rest = entry
      .replace(STARTER_HINT, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
    return rest === '' || rest === STARTER_HEADING ? [] : [rest]
  })
}

/** USER.md's text as the first-run screen shows it: the seeded hint taken out (it becomes the placeholder). */
export function withoutStarterHintText(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n')
  if (!normalised.includes(STARTER_HINT)) return text
  return normalised.replace(STARTER_HINT, '').replace(/\n{3,}/g, '\n\n')
}
