type Block = Readonly<Record<string, unknown>>

/** A block's visible text without its cache marker (markers are diffed on their own). */
export function blockText(block: Block): string {
  if (block.type === 'text') return String(block.text)
  if (block.type === 'tool_use') return `${String(block.name)} ${stable(block.input)}`
  if (block.type === 'tool_result')
    return `→ ${typeof block.content === 'string' ? block.content : stable(block.content)}`
  const { cache_control: _marker, ...rest } = block
  return stable(rest)
}

/** JSON with sorted keys, so two equal schemas compare equal whatever their key order. */
export function stable(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
        : v
    ) ?? 'null'
  )
}
