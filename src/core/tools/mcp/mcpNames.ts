/**
 * MCP tool names as the model sees them: `mcp__<server>__<tool>`. The prefix keeps two servers'
 * `search` tools apart, tells the model (and tool_search) where a tool comes from, and can never
 * collide with a built-in (no built-in starts with `mcp__`). Characters outside Anthropic's
 * `^[a-zA-Z0-9_-]{1,64}$` become `_`; a name that would pass 64 characters, or that collides
 * after cleaning, is shortened and given a stable 6-hex-digit hash of the original name.
 */
export const MCP_NAME_PREFIX = 'mcp__'
const MAX_NAME = 64
const HASH_LENGTH = 6

/** The model-facing names for one server's tools, in the server's order. */
export function namespaceToolNames(server: string, toolNames: readonly string[]): string[] {
  const used = new Set<string>()
  return toolNames.map((tool) => {
    let name = namespacedName(server, tool)
    if (used.has(name)) name = withHash(name, `${server}\u0000${tool}`)
    used.add(name)
    return name
  })
}

/** The name of one tool (without collision handling; see `namespaceToolNames`). */
export function namespacedName(server: string, tool: string): string {
  const name = `${MCP_NAME_PREFIX}${clean(server)}__${clean(tool)}`
  return name.length <= MAX_NAME ? name : withHash(name, `${server}\u0000${tool}`)
}

function clean(part: string): string {
  const cleaned = part.replace(/[^a-zA-Z0-9_-]/g, '_')
  return cleaned === '' ? '_' : cleaned
}

function withHash(name: string, original: string): string {
  const suffix = `_${fnv1a(original)}`
  return name.slice(0, MAX_NAME - suffix.length) + suffix
}

/** FNV-1a, 24 bits as hex: stable across runs and hosts (unlike a random suffix). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return (hash & 0xffffff).toString(16).padStart(HASH_LENGTH, '0')
}
