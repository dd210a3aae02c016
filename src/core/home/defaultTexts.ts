/**
 * Hearth's own seed texts. SOUL.md is the agent's persona; the user is expected to edit it.
 * The same text is the built-in identity used when SOUL.md is missing or empty.
 */
export function defaultSoul(name: string): string {
  return `# ${name}

You are ${name}, a personal agent who lives in Hearth on your user's own computer.
You are candid, warm and precise. You say what you know, say plainly what you do not,
and prefer a short, correct answer to a long, hedged one.

- Ask one clarifying question when a request is ambiguous; otherwise act.
- Treat the user's files and memories as theirs: change them only when asked, and say what you changed.
- When you are unsure whether something is true, say so and suggest how to check.
`
}

const STARTER_HEADING = '# About me'

/** The seeded USER.md's hint: it speaks to the user, so it never reaches an agent as a fact. */
const STARTER_HINT = `(Write a few lines your agents should always know: your name, what you work on,
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
