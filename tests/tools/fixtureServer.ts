import { join } from 'node:path'
import type { McpServerConfig } from '../../src/core/tools/mcp/mcpConnection'

/** The real stdio MCP test server (tests/fixtures/mcpServer/server.mjs). */
export const FIXTURE_SERVER = join(__dirname, '../fixtures/mcpServer/server.mjs')

/** A config.json `mcpServers` entry that runs the fixture with the given flags. */
export function fixtureServer(args: readonly string[] = [], trusted = true): McpServerConfig {
  return { command: process.execPath, args: [FIXTURE_SERVER, ...args], env: {}, trusted }
}
