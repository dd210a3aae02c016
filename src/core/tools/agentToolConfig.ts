import type { HearthConfig } from '../home/config'
import type { McpConfigProblem } from './mcp/mcpConfig'
import type { ToolSettings } from './toolSettings'

/** What one agent's session is configured with, read from config.json. */
export interface AgentToolConfig {
  readonly config: HearthConfig
  readonly configErrors: readonly string[]
  readonly configured: readonly string[]
  readonly usesDefault: boolean
  readonly settings: ToolSettings
  readonly contextWindow: number | null
  /** Warnings and left-out entries of `mcpServers`, per server. */
  readonly mcpProblems: readonly McpConfigProblem[]
  /** The servers config.json configures (a project's `.mcp.json` adds its own per session). */
  readonly mcpServers: readonly string[]
}
