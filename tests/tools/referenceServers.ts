import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export type ReferenceServer = 'everything' | 'filesystem' | 'memory'

/** The entry script of an official reference server: its package's `bin`, run with this Node. */
export function referenceServerScript(name: ReferenceServer): string {
  const manifest = require.resolve(`@modelcontextprotocol/server-${name}/package.json`)
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin
  return join(dirname(manifest), Object.values(bin)[0] as string)
}

/** A config.json `mcpServers` entry (Claude Desktop shape) that runs a reference server. */
export function referenceServer(
  name: ReferenceServer,
  args: readonly string[] = [],
  env: Record<string, string> = {}
): Record<string, unknown> {
  return { command: process.execPath, args: [referenceServerScript(name), ...args], env, trusted: true }
}
