import { scanForThreats } from '../domain/prompt/scanner'
import type { ToolDefinition } from './toolTypes'

/** Every string in a JSON schema (descriptions, titles, enum values): all of it reaches the model. */
function schemaStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((item) => schemaStrings(item, out))
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key)
      schemaStrings(item, out)
    }
  }
  return out
}

/**
 * Scans what an outside tool tells the model about itself: its name, description and input
 * schema are sent with every request, exactly like a prompt file. One warning per tool that the
 * injection scanner matches, for Settings → Tools.
 */
export function toolDescriptionWarnings(
  tools: readonly Pick<ToolDefinition, 'name' | 'description' | 'inputSchema'>[]
): string[] {
  return tools.flatMap((tool) => {
    const ids = scanForThreats(
      [tool.name, tool.description, ...schemaStrings(tool.inputSchema)].join('\n'),
      'context'
    )
    return ids.length === 0
      ? []
      : [
          `The tool ${tool.name} describes itself with text the injection scanner matches (${ids.join(', ')}); the model reads this as instructions. Turn the server off unless you trust it.`
        ]
  })
}
