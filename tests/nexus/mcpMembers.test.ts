import { spawn, type ChildProcess } from 'node:child_process'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/createCore'
import type { NexusEntry, NexusPostInput } from '../../src/shared/contract/nexus'
import type { NexusMember } from '../../src/shared/contract/nexusTeam'
import { CLI, runHearth } from '../helpers/cli'
import { nexusPostArgs } from '../helpers/nexusPost'
import { bindMemberWithToken, startMcpHttpChild } from '../helpers/mcpMembers'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
const closers: Array<() => Promise<void>> = []
const children: ChildProcess[] = []
const tokens: Record<string, string> = {}

/** Binds an external member through the CLI (the same contract method Settings uses) and keeps its token. */
function bindExternal(name: string, author: string): void {
  tokens[name] = bindMemberWithToken(temp.dir, name, author, true)
}

beforeEach(() => {
  temp = makeTempDir('hearth-mcp-members-')
  expect(runHearth(['--home', temp.dir, 'agents', 'create', 'Ella']).code).toBe(0)
  bindExternal('hermes-lyra', 'lyra')
  bindExternal('hermes-nova', 'nova')
})

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)))
  for (const child of children.splice(0)) child.kill('SIGKILL')
  temp.cleanup()
})

/** A real SDK client that calls itself `mcp`, as the Python SDK always does, over stdio. */
async function stdioClient(token?: string): Promise<Client> {
  const client = new Client({ name: 'mcp', version: '1.26.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--home', temp.dir, 'mcp'],
      env: { ...(process.env as Record<string, string>), ...(token ? { HEARTH_MCP_TOKEN: token } : {}) },
      stderr: 'pipe'
    })
  )
  closers.push(() => client.close())
  return client
}

/** An entry as the tools answer it (compact: no hash chain). */
type AnsweredEntry = Pick<NexusEntry, 'seq' | 'agent' | 'channel' | 'summary'>

/** What the Nexus tools answer, as far as these tests read it (each tool answers with some of these). */
interface ToolAnswer {
  readonly entries?: readonly AnsweredEntry[]
  readonly entry?: AnsweredEntry
  readonly conflicts?: readonly unknown[]
  readonly remaining?: number
  readonly awaitingAck?: readonly AnsweredEntry[]
  readonly awaitingAckTotal?: number
  readonly hash?: string
  readonly version?: number | null
  readonly changed?: boolean
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean
    content: { text: string }[]
  }
  const text = result.content[0]?.text ?? ''
  return {
    isError: result.isError === true,
    text,
    value: (result.isError ? {} : JSON.parse(text)) as ToolAnswer
  }
}

const post = (args: Record<string, string>): void => {
  expect(runHearth(['--home', temp.dir, ...nexusPostArgs(args)]).code).toBe(0)
}

/** Many entries at once, through a core on the same home (one process instead of one per entry). */
function postMany(inputs: readonly NexusPostInput[]): void {
  const core = createCore({ home: temp.dir, host: 'cli' })
  try {
    core.services.nexus.postMany(inputs)
  } finally {
    core.dispose()
  }
}

describe('other runtimes as members', () => {
  it('keys cursor and channel on the binding: two profiles both called "mcp" never share a cursor', async () => {
    post({
      agent: 'ella',
      type: 'decision',
      summary: 'Quill stores notes in SQLite with WAL mode',
      rationale: 'fast'
    })
    const lyra = await stdioClient(tokens['hermes-lyra'])
    const nova = await stdioClient(tokens['hermes-nova'])
    const novaRead = await call(nova, 'nexus_unread')
    expect(novaRead.value.entries?.map((e) => e.summary)).toEqual([
      'Quill stores notes in SQLite with WAL mode'
    ])
    const lyraRead = await call(lyra, 'nexus_unread')
    expect(lyraRead.value.entries?.map((e) => e.summary)).toEqual([
      'Quill stores notes in SQLite with WAL mode'
    ])
    const posted = await call(lyra, 'nexus_post', {
      type: 'decision',
      summary: 'Quill stores notes in plain Markdown files, not SQLite',
      rationale: 'Users edit notes in any editor'
    })
    expect(posted.value.entry).toMatchObject({ agent: 'lyra', channel: 'mcp:hermes-lyra' })
    expect(posted.value.conflicts).toEqual([
      {
        first: 1,
        second: 2,
        reason: '#2 rules out “SQLite”, which #1 chose; both are about Quill, stores, notes, SQLite.'
      }
    ])
    expect(posted.text).not.toContain('\n')
  })

  it('lists decisions awaiting the member’s acknowledgement whatever the volume, until it acks', async () => {
    postMany([
      { agent: 'ella', type: 'decision', summary: 'Dates are stored in UTC', rationale: 'Users travel' },
      ...Array.from({ length: 12 }, (_, i) => ({
        agent: 'ella',
        type: 'turn' as const,
        summary: `Burst ${i + 1}`
      }))
    ])
    const nova = await stdioClient(tokens['hermes-nova'])
    const first = await call(nova, 'nexus_unread', { limit: 3 })
    expect(first.value.remaining).toBe(10)
    expect(first.value.awaitingAck?.map((e) => e.seq)).toEqual([1])
    await call(nova, 'nexus_unread', { limit: 200 })
    expect((await call(nova, 'nexus_unread')).value.awaitingAck?.map((e) => e.seq)).toEqual([1])
    await call(nova, 'nexus_post', { type: 'ack', summary: 'Using UTC in the importer', refs: [1] })
    expect((await call(nova, 'nexus_unread')).value.awaitingAck).toEqual([])
    // A year of decisions: the oldest page is listed, the total says how many in all.
    postMany(
      Array.from({ length: 25 }, (_, i) => ({
        agent: 'ella',
        type: 'decision' as const,
        summary: `Decision ${i + 1}`,
        rationale: 'why not'
      }))
    )
    const many = (await call(nova, 'nexus_unread')).value
    expect(many.awaitingAck?.map((e) => e.summary)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Decision ${i + 1}`)
    )
    expect(many.awaitingAckTotal).toBe(25)
    const guest = await stdioClient()
    expect((await call(guest, 'nexus_unread')).value.awaitingAck).toBeUndefined()
  })

  it('refuses a stale project-state update with the current version, hash and text, and a next step', async () => {
    const lyra = await stdioClient(tokens['hermes-lyra'])
    const nova = await stdioClient(tokens['hermes-nova'])
    const read = (await call(lyra, 'project_state_read')).value
    const saved = (
      await call(nova, 'project_state_update', { text: '# Goals\n\nShip 1.0\n', baseHash: read.hash })
    ).value
    const stale = await call(lyra, 'project_state_update', {
      text: '# Goals\n\nShip 2.0\n',
      baseHash: read.hash
    })
    expect(stale.isError).toBe(true)
    const body = JSON.parse(stale.text) as { error: string; current: unknown }
    expect(body.current).toEqual({ text: '# Goals\n\nShip 1.0\n', hash: saved.hash, version: saved.version })
    expect(body.error).toContain(`call project_state_update again with baseHash "${saved.hash}"`)
    expect(body.error).not.toMatch(/Reload it|save again/)
    const merged = await call(lyra, 'project_state_update', {
      text: '# Goals\n\nShip 1.0, then 2.0\n',
      baseHash: saved.hash
    })
    expect(merged.value).toMatchObject({ changed: true })
  })

  it('shows each member’s last sighting, and a revoked token stops posting at once', async () => {
    const lyra = await stdioClient(tokens['hermes-lyra'])
    await call(lyra, 'nexus_read')
    const members = runHearth(['--home', temp.dir, '--json', 'mcp', 'members']).json<{
      members: NexusMember[]
    }>().members
    expect(members).toMatchObject([
      {
        name: 'hermes-lyra',
        author: 'lyra',
        kind: 'external',
        token: true,
        lastClient: 'mcp',
        lastTransport: 'stdio'
      },
      { name: 'hermes-nova', author: 'nova', kind: 'external', token: true, lastSeenAt: null }
    ])
    expect(runHearth(['--home', temp.dir, 'mcp', 'revoke', 'hermes-lyra']).code).toBe(0)
    const again = await stdioClient(tokens['hermes-lyra'])
    const refused = await call(again, 'nexus_post', { type: 'turn', summary: 'Still here?' })
    expect(refused.isError).toBe(true)
    expect(refused.text).toContain('Settings → Nexus members')
  })

  it('over HTTP the bearer token is the binding: same cursors, same channel', async () => {
    post({ agent: 'ella', type: 'turn', summary: 'Ella shipped the importer' })
    const { child, url } = await startMcpHttpChild(temp.dir)
    children.push(child)
    const connect = async (token: string): Promise<Client> => {
      const client = new Client({ name: 'mcp', version: '1.26.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } }
        })
      )
      closers.push(() => client.close())
      return client
    }
    const nova = await connect(tokens['hermes-nova'] as string)
    const lyra = await connect(tokens['hermes-lyra'] as string)
    expect((await call(nova, 'nexus_unread')).value.entries).toHaveLength(1)
    expect((await call(lyra, 'nexus_unread')).value.entries).toHaveLength(1)
    expect(
      (await call(nova, 'nexus_post', { type: 'turn', summary: 'Nova over HTTP' })).value.entry
    ).toMatchObject({
      agent: 'nova',
      channel: 'mcp:hermes-nova'
    })
    const members = runHearth(['--home', temp.dir, '--json', 'mcp', 'members']).json<{
      members: NexusMember[]
    }>().members
    expect(members.find((m) => m.name === 'hermes-nova')).toMatchObject({
      lastTransport: 'http',
      lastClient: 'mcp'
    })
  })
})

describe('hearth mcp on stdio exits when it should', () => {
  /** Starts `hearth mcp` raw, waits for it to serve, and resolves with how long it took to exit after `stop`. */
  async function exitAfter(
    stop: (child: ChildProcess) => void
  ): Promise<{ ms: number; code: number | null; signal: string | null }> {
    const child = spawn(process.execPath, [CLI, '--home', temp.dir, 'mcp'], {
      stdio: ['pipe', 'pipe', 'pipe']
    })
    children.push(child)
    await new Promise<void>((resolve) => {
      let err = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString()
        if (err.includes('serving the Nexus')) resolve()
      })
    })
    const started = Date.now()
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal }))
    )
    stop(child)
    return { ...(await exited), ms: Date.now() - started }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(`on ${signal}, while its client keeps stdin open`, async () => {
      const result = await exitAfter((child) => child.kill(signal))
      expect(result.code).toBe(0)
      expect(result.ms).toBeLessThan(10_000)
    })

  it('when stdin ends', async () => {
    const result = await exitAfter((child) => child.stdin?.end())
    expect(result.code).toBe(0)
    expect(result.ms).toBeLessThan(10_000)
  })
})
