import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createCore } from '../core/createCore'
import { Bm25Index } from '../core/tools/bm25'
import { estimateToolTokens } from '../core/tools/deferral'
import { figure, percentile, type BenchFigure, type BenchSuite } from './benchTypes'
import { testId } from '../shared/testing/ids'

const PROFILES = ['devhub', 'workspace', 'data'] as const
const QUERIES = [
  'create issue',
  'calendar event attendees',
  'delete table',
  'send email',
  'scheduled report dashboard',
  'list branches',
  'storage bucket object',
  'alert threshold metric'
]

/**
 * Tool figures with three real MCP servers (the test server of tests/fixtures, 40 tools each):
 * the first request's tools array when tool search defers the 120 MCP schemas, the cold start
 * of a session that starts the three servers, and a BM25 search over the 120 tools.
 */
export const toolsBench: BenchSuite = {
  name: 'tools',
  async run(ctx) {
    const root = dirname(dirname(ctx.cliPath))
    const server = join(root, 'tests/fixtures/mcpServer/server.mjs')
    if (!existsSync(server)) {
      ctx.log(`skipped: the test MCP server is not in this checkout (${server})`)
      return []
    }
    const home = join(ctx.tmpDir, 'home')
    const core = createCore({ home, host: 'cli', env: {} })
    try {
      const mcpServers = Object.fromEntries(
        PROFILES.map((profile) => [
          profile,
          { command: process.execPath, args: [server, '--profile', profile], env: {}, trusted: true }
        ])
      )
      await core.services.config.patch({ mcpServers })
      const agent = core.services.agents.create('Bench', testId.agent('bench'))
      const started = performance.now()
      const plan = await core.services.tools.planSession(agent.id)
      const coldStartMs = performance.now() - started
      const mcpTools = plan.deferred.length
      ctx.log(
        `${mcpTools} deferred MCP tools (${plan.decision.deferrableTokens} tokens); visible: ${plan.tools.map((t) => t.name).join(', ')}`
      )
      const figures: BenchFigure[] = [
        figure('tools.first_request_tokens_120', estimateToolTokens(plan.tools), 'tokens', 2_000, 'lower'),
        figure('tools.deferred_mcp_tools', mcpTools, 'tools', 120, 'higher'),
        figure('tools.session_cold_start_ms_3mcp', coldStartMs, 'ms', 3_000, 'lower')
      ]
      figures.push(
        figure('tools.search_p95_ms_120', searchP95(plan.deferred, ctx.quick ? 200 : 2_000), 'ms', 5, 'lower')
      )
      return figures
    } finally {
      await core.services.tools.dispose()
      core.dispose()
    }
  }
}

/** p95 of one query on the session's index (built once per session, like DeferredCatalog). */
function searchP95(
  tools: ReadonlyArray<{ name: string; description: string; inputSchema: Readonly<Record<string, unknown>> }>,
  rounds: number
): number {
  const documents = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameterNames: Object.keys((tool.inputSchema.properties as object | undefined) ?? {})
  }))
  const index = new Bm25Index(documents)
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    index.search(QUERIES[i % QUERIES.length] as string, 5)
    samples.push(performance.now() - started)
  }
  return percentile(samples, 95)
}
