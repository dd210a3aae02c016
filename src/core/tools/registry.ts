import type { Clock } from '../ports/clock'
import { AvailabilityCache } from './availability'
import { checkToolSchema } from './schemaCheck'
import type { ToolDefinition } from './toolTypes'

/** Anthropic's rule for tool names; anything else is rejected by the API for the whole request. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

export type ToolSource = 'builtin' | 'mcp' | 'plugin'

export interface RegisterOptions {
  /** Core tools are never deferred behind tool search. Built-ins are core by default. */
  readonly core?: boolean
  /** Needs the user's confirmation while an untrusted MCP server's tools are in the session. */
  readonly gated?: boolean
  readonly source?: ToolSource
  /** The MCP server (or plugin) a tool comes from, for search results and the UI. */
  readonly sourceName?: string
}

export interface ToolEntry {
  readonly tool: ToolDefinition
  readonly core: boolean
  readonly gated: boolean
  readonly source: ToolSource
  readonly sourceName: string
}

/** A tool definition that cannot be used, with every reason (name rule, schema problems). */
export class ToolDefinitionError extends Error {
  constructor(
    readonly toolName: string,
    readonly problems: readonly string[]
  ) {
    super(`Tool "${toolName}" is not usable: ${problems.join('; ')}`)
    this.name = 'ToolDefinitionError'
  }
}

/** Returns why a definition cannot be sent to the model (empty when it can). */
export function checkToolDefinition(tool: ToolDefinition): string[] {
  const problems: string[] = []
  if (!TOOL_NAME_PATTERN.test(tool.name))
    problems.push('name must be 1–64 characters of letters, digits, "_" or "-"')
  if (typeof tool.description !== 'string' || tool.description.trim() === '')
    problems.push('description must not be empty')
  if (typeof tool.toolset !== 'string' || tool.toolset === '') problems.push('toolset must not be empty')
  problems.push(...checkToolSchema(tool.inputSchema))
  return problems
}

/**
 * The built-in (and plugin) tools, by name. MCP tools are not registered here: they belong to
 * a server connection and are listed per session (see mcp/mcpManager.ts).
 */
export class ToolRegistry {
  private readonly entries = new Map<string, ToolEntry>()
  private readonly availability: AvailabilityCache
  /** Bumped on every change, so callers can tell a cached view is stale. */
  generation = 0

  constructor(clock: Clock) {
    this.availability = new AvailabilityCache(clock)
  }

  /**
   * Adds a tool after checking its name and schema. A name already owned by another toolset is
   * refused (two modules fighting over one name is a bug); the same toolset may replace it.
   */
  register(tool: ToolDefinition, options: RegisterOptions = {}): ToolEntry {
    const problems = checkToolDefinition(tool)
    if (problems.length > 0) throw new ToolDefinitionError(tool.name, problems)
    const existing = this.entries.get(tool.name)
    if (existing && existing.tool.toolset !== tool.toolset) {
      throw new ToolDefinitionError(tool.name, [
        `the name is already registered by toolset "${existing.tool.toolset}"`
      ])
    }
    const source = options.source ?? 'builtin'
    const entry: ToolEntry = Object.freeze({
      tool: Object.freeze({ ...tool }),
      core: options.core ?? source === 'builtin',
      gated: options.gated ?? false,
      source,
      sourceName: options.sourceName ?? tool.toolset
    })
    this.entries.set(tool.name, entry)
    this.availability.forget(tool.name)
    this.generation++
    return entry
  }

  unregister(name: string): boolean {
    const removed = this.entries.delete(name)
    if (removed) {
      this.availability.forget(name)
      this.generation++
    }
    return removed
  }

  get(name: string): ToolEntry | undefined {
    return this.entries.get(name)
  }

  /** Every entry, sorted by name (deterministic order is part of the prompt-cache contract). */
  list(): ToolEntry[] {
    return [...this.entries.values()].sort((a, b) => compareNames(a.tool.name, b.tool.name))
  }

  /** The tool's availability check, cached ~30 s; a throwing check means unavailable. */
  isAvailable(tool: ToolDefinition): Promise<boolean> {
    return this.availability.isAvailable(tool.name, tool.isAvailable)
  }
}

/** Code-unit order, so the order never depends on the host's locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
