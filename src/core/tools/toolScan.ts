import { findThreats, type ThreatFinding } from '../domain/prompt/scanner'
import type { BlockedTool } from '../../shared/contract/tools'
import type { McpRemoteTool } from './mcp/mcpConnectionTypes'

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

/** What a tool tells the model about itself: its name, description and every string of its schema. */
export function toolSelfDescription(
  tool: Pick<McpRemoteTool, 'name' | 'description' | 'inputSchema'>
): string {
  return [tool.name, tool.description ?? '', ...schemaStrings(tool.inputSchema)].join('\n')
}

/**
 * Scans an outside tool's self-description with the same rules as a skill's frontmatter (the
 * `context` scope): it is sent with every request, exactly like a prompt file.
 */
export function scanToolDescription(
  tool: Pick<McpRemoteTool, 'name' | 'description' | 'inputSchema'>
): ThreatFinding[] {
  return findThreats(toolSelfDescription(tool), 'context')
}

/** A withheld tool as Settings → Tools shows it: the tool and what matched, line by line. */
export function blockedTool(name: string, findings: readonly ThreatFinding[]): BlockedTool {
  return {
    name,
    findings: findings.map(({ id, line, lineText, severity }) => ({ id, line, lineText, severity }))
  }
}

/** One sentence per withheld tool, for the CLI and the logs. */
export function blockedToolWarning(tool: BlockedTool): string {
  const ids = tool.findings.filter((f) => f.severity === 'block').map((f) => f.id)
  return `The tool ${tool.name} was withheld from the model: its description or schema has text the injection scanner matches (${ids.join(', ')}).`
}

/** One warning per kept tool whose self-description names an injection only to refuse it (kept, said so). */
export function keptToolWarnings(
  tools: readonly Pick<McpRemoteTool, 'name' | 'description' | 'inputSchema'>[]
): string[] {
  return tools.flatMap((tool) => {
    const ids = scanToolDescription(tool).map((f) => f.id)
    return ids.length === 0
      ? []
      : [
          `The tool ${tool.name} names a prompt injection in its description (${ids.join(', ')}), as a warning; it is kept.`
        ]
  })
}

/** The warnings of a server's listing: one per withheld tool, then the kept tools' (`keptToolWarnings`). */
export function toolDescriptionWarnings(listing: {
  readonly tools: readonly Pick<McpRemoteTool, 'name' | 'description' | 'inputSchema'>[]
  readonly blocked: readonly BlockedTool[]
}): string[] {
  return [...listing.blocked.map(blockedToolWarning), ...keptToolWarnings(listing.tools)]
}
