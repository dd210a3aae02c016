import { join } from 'node:path'

/** The real stdio MCP test server (tests/fixtures/mcpServer/server.mjs). */
export const FIXTURE_SERVER = join(__dirname, '../fixtures/mcpServer/server.mjs')

/** A config.json `mcpServers` entry that runs the fixture with the given flags. */
export function fixtureServer(
  args: readonly string[] = [],
  trusted = true
): { command: string; args: string[]; env: Record<string, string>; trusted: boolean } {
  return { command: process.execPath, args: [FIXTURE_SERVER, ...args], env: {}, trusted }
}
