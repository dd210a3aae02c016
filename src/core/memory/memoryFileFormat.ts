/** The frontmatter fields of a memory file under agents/<id>/memories/. */
export interface MemoryFileFields {
  readonly name: string
  readonly description: string
  readonly type: string
  readonly source: string
}

export interface ParsedMemoryFile extends MemoryFileFields {
  readonly body: string
}

const MAX_SLUG = 60

/**
 * A file-name-safe slug: lower-case letters, digits and single dashes only. Dots and slashes
 * cannot survive, so `../../x` becomes `x` and no slug can point outside the memories folder.
 */
export function sanitiseSlug(raw: string, fallback: string): string {
  const slug = raw
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '')
  return slug === '' ? fallback : slug
}

/**
 * Renders a memory file. Values are written as JSON strings, which are valid YAML double-quoted
 * scalars, so a quote, colon or newline in a fact can never break the frontmatter.
 */
export function renderMemoryFile(fields: MemoryFileFields, body: string): string {
  const line = (key: keyof MemoryFileFields): string => `${key}: ${JSON.stringify(fields[key])}`
  return `---\n${line('name')}\n${line('description')}\n${line('type')}\n${line('source')}\n---\n\n${body.trim()}\n`
}

/** Reads a memory file written by Hearth or by hand; missing fields read as ''. */
export function parseMemoryFile(text: string): ParsedMemoryFile {
  const fields: Record<string, string> = { name: '', description: '', type: '', source: '' }
  let body = text
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text)
  if (match) {
    body = text.slice(match[0].length)
    for (const line of (match[1] as string).split(/\r?\n/)) {
      const pair = /^([A-Za-z_]+):\s*(.*)$/.exec(line)
      if (pair && (pair[1] as string) in fields) fields[pair[1] as string] = unquote(pair[2] as string)
    }
  }
  return {
    name: fields.name ?? '',
    description: fields.description ?? '',
    type: fields.type ?? '',
    source: fields.source ?? '',
    body: body.trim()
  }
}

function unquote(value: string): string {
  const trimmed = value.trim()
  if (trimmed.startsWith('"')) {
    try {
      return String(JSON.parse(trimmed))
    } catch {
      return trimmed.slice(1, trimmed.endsWith('"') ? -1 : undefined)
    }
  }
  return trimmed.replace(/^'(.*)'$/, '$1')
}
