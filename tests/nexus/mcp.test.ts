import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CLI, runHearth } from '../helpers/cli'
import { field } from '../helpers/jsonField'
import { makeTempDir } from '../helpers/tempHome'
import { nexusPostArgs } from '../helpers/nexusPost'

let temp: ReturnType<typeof makeTempDir>
let client: Client

beforeEach(async () => {
  temp = makeTempDir('hearth-nexus-mcp-')
  runHearth(['--home', temp.dir, 'agents', 'create', 'Ella'])
  writeFileSync(
    join(temp.dir, 'agents/ella/MEMORY.md'),
    'The user deploys with Fly.io on Fridays\n§\nSecrets live in the OS keychain, never in .env files\n'
  )
  client = new Client({ name: 'Claude Code', version: '2.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--home', temp.dir, 'mcp'],
      stderr: 'pipe'
    })
  )
})

afterEach(async () => {
  await client.close()
  temp.cleanup()
})

/** The answers of the tools, as far as these tests read them. */
const entrySchema = z.looseObject({ seq: z.number(), agent: z.string(), channel: z.string() })
const entriesSchema = z.looseObject({ entries: z.array(entrySchema) })
const decisionsSchema = z.looseObject({ decisions: z.array(entrySchema) })
const postedSchema = z.looseObject({ entry: entrySchema })
const resultsSchema = z.looseObject({ results: z.array(z.looseObject({ snippet: z.string().optional() })) })

/** The JSON a tool answered with (text content), or the error text. */
async function call(
  name: string,
  args: Record<string, unknown>
): Promise<{ isError: boolean; value: unknown }> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean
    content: { type: string; text: string }[]
  }
  const text = result.content[0]?.text ?? ''
  return { isError: result.isError === true, value: result.isError ? text : JSON.parse(text) }
}

describe('hearth mcp over stdio with the SDK client', () => {
  it('lists the Nexus and memory tools', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'knowledge_search',
      'memory_search',
      'nexus_decisions',
      'nexus_post',
      'nexus_read',
      'nexus_unread',
      'project_state_read',
      'project_state_update'
    ])
  })

  it('posts with channel mcp:<client name>, and reads entries other processes wrote', async () => {
    runHearth([
      '--home',
      temp.dir,
      ...nexusPostArgs({ agent: 'ella', type: 'turn', summary: 'Ella shipped the importer' })
    ])
    const posted = await call('nexus_post', { type: 'ack', summary: 'Seen the importer', refs: [1] })
    expect(field(posted.value, 'entry')).toMatchObject({
      seq: 2,
      agent: 'claude-code',
      channel: 'mcp:claude-code',
      type: 'ack',
      refs: [1]
    })
    // A client signs as itself: it cannot pick another author, and is told so in words.
    expect(await call('nexus_post', { type: 'turn', summary: 'Ella reporting', agent: 'ella' })).toEqual({
      isError: true,
      value:
        'Nothing was done: agent is not a parameter of this tool (allowed: type, summary, body, refs, rationale). Fix the arguments and call nexus_post again.'
    })
    const read = await call('nexus_read', { since: 0 })
    expect(entriesSchema.parse(read.value).entries.map((entry) => `${entry.agent}@${entry.channel}`)).toEqual(
      ['ella@cli', 'claude-code@mcp:claude-code']
    )
    const tail = runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).json<{
      entries: { channel: string }[]
    }>()
    expect(tail.entries.map((entry) => entry.channel)).toEqual(['cli', 'mcp:claude-code'])
    expect(runHearth(['--home', temp.dir, '--json', 'nexus', 'verify']).json()).toMatchObject({
      ok: true,
      count: 2
    })
  })

  it('returns tool errors the model can read for bad posts, and appends nothing', async () => {
    const refused = await call('nexus_post', { type: 'decision', summary: 'Switch to Postgres' })
    expect(refused).toEqual({ isError: true, value: expect.stringMatching(/decision needs a rationale/) })
    const badRef = await call('nexus_post', { type: 'ack', summary: 'Seen', refs: [42] })
    expect(badRef.value).toMatch(/do not exist: #42/)
    expect(field((await call('nexus_read', {})).value, 'total')).toBe(0)
  })

  it('serves the decision log with conflicts between agents', async () => {
    runHearth([
      '--home',
      temp.dir,
      ...nexusPostArgs({
        agent: 'ella',
        type: 'decision',
        summary: 'Store session history in SQLite',
        rationale: 'durable and fast'
      })
    ])
    const second = await call('nexus_post', {
      type: 'decision',
      summary: 'Store session history in JSON files',
      rationale: 'durable and fast'
    })
    expect(field(second.value, 'conflicts')).toEqual([
      {
        first: 1,
        second: 2,
        reason: '#1 says “SQLite”, #2 says “JSON files”; both are about Store, session, history.'
      }
    ])
    const log = await call('nexus_decisions', {})
    expect(decisionsSchema.parse(log.value).decisions.map((entry) => entry.agent)).toEqual([
      'ella',
      'claude-code'
    ])
    expect(field(log.value, 'conflicts')).toMatchObject([
      {
        first: 1,
        second: 2,
        agents: ['ella', 'claude-code'],
        reason: expect.stringContaining('“JSON files”')
      }
    ])
  })

  it('searches knowledge read-only; a client bound to no agent sees only what every agent may', async () => {
    // Ella's MEMORY.md is hers: an unbound client does not see it, under either name.
    expect(
      field((await call('knowledge_search', { query: 'where do secrets live?' })).value, 'results')
    ).toEqual([])
    expect(
      field((await call('memory_search', { query: 'where do secrets live?' })).value, 'results')
    ).toEqual([])
    const posted = await call('nexus_post', {
      type: 'decision',
      summary: 'Secrets live in the OS keychain',
      rationale: 'never in .env files, which end up in backups'
    })
    const found = resultsSchema.parse(
      (await call('knowledge_search', { query: 'where do secrets live?' })).value
    )
    expect(found.results[0]).toMatchObject({
      kind: 'nexus',
      seq: postedSchema.parse(posted.value).entry.seq,
      nexusId: expect.stringMatching(/^[0-9a-f]{64}$/),
      method: 'bm25'
    })
    expect(found.results[0]?.snippet).toContain('[Secrets] [live]')
    expect(field((await call('memory_search', { query: 'backups' })).value, 'results')).toHaveLength(1)
    const refused = await call('knowledge_search', { query: 'secrets', agent: 'ella' })
    expect(refused).toMatchObject({ isError: true, value: expect.stringContaining('bound to no agent') })
  })
})
