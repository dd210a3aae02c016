import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createNexusMcpServer } from '../../core/nexus/nexusMcpServer'
import type { CliCommand } from '../command'

/** Resolves when the client goes away (stdin closes) or the process is asked to stop. */
function untilDisconnected(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.once('end', resolve)
    process.stdin.once('close', resolve)
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
}

/**
 * `hearth mcp`: Hearth as an MCP server on stdio (nexus_read, nexus_post, nexus_decisions,
 * memory_search). Stdout carries only the protocol; anything for humans goes to stderr.
 */
export const mcpCommand: CliCommand = {
  words: ['mcp'],
  summary: 'run Hearth as an MCP server on stdio (Nexus and memory tools)',
  usage: 'hearth mcp',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const { services } = ctx.core()
    const server = createNexusMcpServer({ nexus: services.nexus, db: services.db, paths: services.paths, version: services.version })
    const disconnected = untilDisconnected()
    await server.connect(new StdioServerTransport())
    process.stderr.write(`hearth mcp: serving the Nexus of ${services.paths.root} on stdio\n`)
    await disconnected
    await server.close()
    return { data: null, text: '', silent: true }
  }
}
