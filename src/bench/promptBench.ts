import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCore, type Core } from '../core/createCore'
import type { ToolCatalog } from '../core/tools/toolTypes'
import { estimateTokens } from '../shared/util/tokens'
import { figure, percentile, type BenchFigure, type BenchSuite } from './benchTypes'
import type { AgentId } from '../shared/contract'
import { testId } from '../shared/testing/ids'

/**
 * Stand-ins for the six built-in tools' schemas, shaped like the real ones (name, description,
 * JSON Schema), used only when the core has no tool registry to ask (`services.tools`).
 */
export const BUILTIN_TOOL_STUBS: ReadonlyArray<{
  name: string
  description: string
  input_schema: Record<string, unknown>
}> = [
  {
    name: 'memory',
    description:
      'Save, replace or remove entries in MEMORY.md (your notes) or USER.md (the user profile). Batch several changes in one call with operations. Keep: preferences and corrections, environment facts, ways of working. Skip task progress and temporary state.',
    input_schema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['add', 'replace', 'remove'] },
        target: { type: 'string', enum: ['memory', 'user'] },
        content: { type: 'string', description: 'The entry text (add, replace)' },
        old_text: {
          type: 'string',
          description: 'A short unique part of the entry to change (replace, remove)'
        },
        operations: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              action: { type: 'string' },
              content: { type: 'string' },
              old_text: { type: 'string' }
            },
            required: ['action']
          }
        }
      },
      required: ['target']
    }
  },
  {
    name: 'nexus_post',
    description:
      'Append a signed entry to the shared log all agents read. Post after meaningful turns; record decisions with rationale.',
    input_schema: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['turn', 'decision', 'handoff', 'state', 'checkpoint', 'ack'] },
        summary: { type: 'string', description: 'One line' },
        body: { type: 'string' },
        channel: { type: 'string' },
        refs: { type: 'array', items: { type: 'integer' } }
      },
      required: ['type', 'summary']
    }
  },
  {
    name: 'nexus_read',
    description: 'Read the shared log, oldest first, filtered by author, type, text or sequence number.',
    input_schema: {
      type: 'object',
      properties: {
        since: { type: 'integer' },
        limit: { type: 'integer' },
        agent: { type: 'string' },
        type: { type: 'string' },
        search: { type: 'string' }
      }
    }
  },
  {
    name: 'recall',
    description:
      'Search approved memories and memory files for facts relevant to a query; returns the best matches with scores.',
    input_schema: {
      type: 'object',
      properties: { query: { type: 'string' }, k: { type: 'integer', minimum: 1, maximum: 50 } },
      required: ['query']
    }
  },
  {
    name: 'session_search',
    description:
      'Full-text search over earlier sessions of this agent; returns matching messages with their session and date.',
    input_schema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query']
    }
  },
  {
    name: 'skill_view',
    description:
      'Load a skill from the skills index by name and return its SKILL.md instructions (or a file inside the skill).',
    input_schema: {
      type: 'object',
      properties: { name: { type: 'string' }, file: { type: 'string' } },
      required: ['name']
    }
  }
]

function seedHeavyHome(
  project: string,
  agentId: AgentId,
  paths: { soul: string; memory: string; user: string; skills: string }
): void {
  const body = (label: string): string =>
    Array.from({ length: 400 }, (_, i) => `${label} line ${i}: keep answers short and cite files.`)
      .join('\n')
      .slice(0, 20_000)
      .padEnd(20_000, '.')
  writeFileSync(paths.soul, body(`Soul of ${agentId}`))
  writeFileSync(paths.memory, body('Memory'))
  writeFileSync(paths.user, body('User'))
  mkdirSync(project, { recursive: true })
  writeFileSync(join(project, 'AGENTS.md'), body('Rules'))
  for (let i = 0; i < 200; i++) {
    const dir = join(paths.skills, `category-${i % 10}`, `skill-${i}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'SKILL.md'),
      `---\nname: skill-${i}\ndescription: Does task number ${i} well\n---\n\n# Skill ${i}\n`
    )
  }
}

/** The tool schemas as sent to the model: the registry's when the core has one, else the stubs. */
async function toolSchemaTokens(core: Core, agentId: AgentId, log: (line: string) => void): Promise<number> {
  const catalog = (core.services as unknown as { tools?: ToolCatalog }).tools
  const real = catalog ? await catalog.sessionTools(agentId) : []
  const schemas =
    real.length > 0
      ? real.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.inputSchema
        }))
      : BUILTIN_TOOL_STUBS
  const tokens = estimateTokens(JSON.stringify(schemas))
  log(
    `tool schemas: ${schemas.length} tools, ≈ ${tokens} tokens (${real.length > 0 ? 'from the tool registry' : 'stub schemas: no tool registry in this core'})`
  )
  return tokens
}

async function defaultAgentTokens(tmpDir: string, log: (line: string) => void): Promise<BenchFigure> {
  const core = createCore({ home: join(tmpDir, 'default-home'), host: 'cli', env: {} })
  try {
    const agent = core.services.agents.create('Assistant', testId.agent('assistant'))
    const built = await core.services.prompts.assemble({ agentId: agent.id })
    log(`default agent system prompt: ≈ ${built.tokens} tokens, tools ${built.request.toolNames.join(', ')}`)
    const toolTokens = await toolSchemaTokens(core, agent.id, log)
    return figure('prompt.default_agent_tokens', built.tokens + toolTokens, 'tokens', 3000, 'lower')
  } finally {
    core.dispose()
  }
}

async function heavyAssembly(
  tmpDir: string,
  quick: boolean,
  log: (line: string) => void
): Promise<BenchFigure[]> {
  const home = join(tmpDir, 'heavy-home')
  const project = join(tmpDir, 'heavy-project')
  const first = createCore({ home, host: 'cli', env: {} })
  let snapshotHit = 0
  try {
    const agentId = first.services.agents.create('Heavy', testId.agent('heavy')).id
    const { paths } = first.services
    seedHeavyHome(project, agentId, {
      soul: paths.soul(agentId),
      memory: paths.memory(agentId),
      user: paths.user,
      skills: paths.skills
    })
    await first.services.prompts.assemble({ agentId, cwd: project })
    const samples: number[] = []
    const runs = quick ? 30 : 100
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await first.services.prompts.assemble({ agentId, cwd: project })
      samples.push(performance.now() - started)
    }
    log(
      `heavy assembly: ${runs} warm runs, p50 ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms`
    )
    const second = createCore({ home, host: 'cli', env: {} })
    try {
      await second.services.prompts.assemble({ agentId, cwd: project })
      snapshotHit = second.services.prompts.lastSkillsSource === 'snapshot' ? 1 : 0
    } finally {
      second.dispose()
    }
    return [
      figure('prompt.assemble_heavy_p50_ms', percentile(samples, 50), 'ms', 15, 'lower'),
      figure('prompt.skills_snapshot_hit', snapshotHit, 'bool', 1, 'higher')
    ]
  } finally {
    first.dispose()
  }
}

/** Prompt assembly: the default agent's size, heavy-home latency, and the skills snapshot. */
export const promptBench: BenchSuite = {
  name: 'prompt',
  async run(ctx) {
    return [
      await defaultAgentTokens(ctx.tmpDir, ctx.log),
      ...(await heavyAssembly(ctx.tmpDir, ctx.quick, ctx.log))
    ]
  }
}
