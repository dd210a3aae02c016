/**
 * A tool_result's content as one readable string, for the transcript, the Inspector and search.
 * Content is either the plain text a tool returned or a list of Messages API blocks (text and
 * images, from MCP tools); images appear as a short marker with their type and size, never as
 * their base64 bytes.
 */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content)
  return content.map(partText).join('\n')
}

function partText(part: unknown): string {
  if (typeof part !== 'object' || part === null) return String(part)
  const block = part as { type?: unknown; text?: unknown; source?: { media_type?: unknown; data?: unknown } }
  if (block.type === 'text' && typeof block.text === 'string') return block.text
  if (block.type === 'image') {
    const data = typeof block.source?.data === 'string' ? block.source.data : ''
    return `[image: ${String(block.source?.media_type ?? 'unknown type')}, ${formatBytes(Math.floor((data.length * 3) / 4))}]`
  }
  return JSON.stringify(part)
}

/** 1,234 → "1.2 KB"; for sizes shown to people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** The images of a tool_result as data URLs (only the raster types the API takes), for thumbnails. */
export function toolResultImages(content: unknown): string[] {
  if (!Array.isArray(content)) return []
  return content.flatMap((part: unknown) => {
    const block = part as {
      type?: unknown
      source?: { type?: unknown; media_type?: unknown; data?: unknown }
    } | null
    if (block?.type !== 'image' || block.source?.type !== 'base64') return []
    const type = String(block.source.media_type)
    const data =
      typeof block.source.data === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(block.source.data)
        ? block.source.data
        : null
    return IMAGE_TYPES.has(type) && data !== null ? [`data:${type};base64,${data}`] : []
  })
}
