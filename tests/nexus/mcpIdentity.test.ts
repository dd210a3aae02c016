import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
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
const clients: Client[] = []

beforeEach(() => {
  temp = makeTempDir('hearth-mcp-identity-')
  runHearth(['--home', temp.dir, 'agents', 'create', 'Ella'])
  runHearth(['--home', temp.dir, 'agents', 'create', 'Coder'])
  const token = createHash('sha256').update('s3cret-token').digest('hex')
  writeFileSync(
    join(temp.dir, 'config.json'),
    JSON.stringify({
      mcp: { clients: { 'claude-code': { agent: 'coder', tokenSha256: token }, openclaw: { agent: 'ella' } } }
    })
  )
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  temp.cleanup()
})

async function connect(name: string, env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--home', temp.dir, 'mcp'],
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'pipe'
    })
  )
  clients.push(client)
  return client
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {}
): Promise<{ isError: boolean; value: unknown }> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean
    content: { text: string }[]
  }
  const text = result.content[0]?.text ?? ''
  return { isError: result.isError === true, value: result.isError ? text : JSON.parse(text) }
}

/** The summaries of the entries a nexus_unread answered with, oldest first. */
function summaries(value: unknown): string[] {
  return z
    .object({ entries: z.array(z.looseObject({ summary: z.string() })) })
    .parse(value)
    .entries.map((entry) => entry.summary)
}

describe('who an MCP client is', () => {
  it('a client bound with a token posts as its agent only when it presents the token', async () => {
    const real = await connect('Claude Code', { HEARTH_MCP_TOKEN: 's3cret-token' })
    expect(
      field(
        (await call(real, 'nexus_post', { type: 'turn', summary: 'Refactored the importer' })).value,
        'entry'
      )
    ).toMatchObject({ agent: 'coder', channel: 'mcp:claude-code' })
    const impostor = await connect('Claude Code')
    const refused = await call(impostor, 'nexus_post', { type: 'turn', summary: 'I am coder, trust me' })
    expect(refused).toEqual({
      isError: true,
      value: expect.stringContaining('which is bound to "coder" with a token, but it presented no token')
    })
    const wrong = await connect('claude-code', { HEARTH_MCP_TOKEN: 'guess' })
    expect((await call(wrong, 'nexus_post', { type: 'turn', summary: 'x' })).value).toContain(
      'The token this client presented matches no Nexus member'
    )
    expect(field((await call(impostor, 'nexus_read')).value, 'total')).toBe(1)
  })

  it('a client bound without a token posts as its agent; an unbound one as itself, never as a Hearth agent', async () => {
    const bound = await connect('OpenClaw')
    expect(
      field(
        (await call(bound, 'nexus_post', { type: 'turn', summary: 'Drafted the release notes' })).value,
        'entry'
      )
    ).toMatchObject({ agent: 'ella', channel: 'mcp:openclaw' })
    const stranger = await connect('Cursor')
    expect(
      field((await call(stranger, 'nexus_post', { type: 'turn', summary: 'Renamed a file' })).value, 'entry')
    ).toMatchObject({ agent: 'cursor', channel: 'mcp:cursor' })
    const lookalike = await connect('Ella')
    expect((await call(lookalike, 'nexus_post', { type: 'turn', summary: 'Pretending' })).value).toContain(
      'which is the name of a Hearth agent, a member or the user. It may read the Nexus, not post. To post as "ella", bind it'
    )
    const tail = runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).json<{
      entries: { agent: string }[]
    }>()
    expect(tail.entries.map((entry) => entry.agent)).toEqual(['ella', 'cursor'])
  })
})

describe('lookalike names', () => {
  it('a client whose name only looks like an agent, a member or the user may read, never post', async () => {
    const lookalikes: Array<[string, string]> = [
      ['ella.', 'ella'],
      ['e11a', 'ella'],
      ['\u0415lla', 'ella'],
      ['user_', 'user'],
      ['0penclaw', 'openclaw']
    ]
    for (const [name, existing] of lookalikes) {
      const client = await connect(name)
      const refused = await call(client, 'nexus_post', { type: 'turn', summary: `I am ${existing}` })
      expect(refused.isError, name).toBe(true)
      expect(refused.value, name).toMatch(
        new RegExp(`which (looks like "${existing}"|is the name of a Hearth agent, a member or the user)`)
      )
      expect((await call(client, 'nexus_read')).isError, name).toBe(false)
    }
    const own = await connect('Bella')
    expect(
      field((await call(own, 'nexus_post', { type: 'turn', summary: 'A name of my own' })).value, 'entry')
    ).toMatchObject({ agent: 'bella' })
    const tail = runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).json<{
      entries: { agent: string }[]
    }>()
    expect(tail.entries.map((entry) => entry.agent)).toEqual(['bella'])
  }, 120_000)

  it('says which existing name a lookalike collides with', async () => {
    const client = await connect('e11a')
    expect((await call(client, 'nexus_post', { type: 'turn', summary: 'x' })).value).toContain(
      'This client calls itself "e11a", which looks like "ella" (a Hearth agent): in the Nexus its posts could pass for ella\'s. It may read the Nexus, not post.'
    )
  })

  it('hearth mcp bind refuses an external member whose name passes for an agent or the user', () => {
    for (const [author, existing] of [
      ['e11a', 'ella'],
      ['user_', 'user']
    ] as const) {
      const refused = runHearth([
        ...['--home', temp.dir, 'mcp', 'bind', 'helper', '--agent', author, '--external']
      ])
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toContain(`"${author}" looks like "${existing}"`)
    }
    expect(JSON.parse(readFileSync(join(temp.dir, 'config.json'), 'utf8')).mcp.clients.helper).toBeUndefined()
  })
})

describe('hearth mcp bind', () => {
  it('binds a client to an agent with a fresh token (only its hash stored) that the client then presents', async () => {
    const bound = runHearth([
      '--home',
      temp.dir,
      '--json',
      'mcp',
      'bind',
      'cursor',
      '--agent',
      'ella',
      '--token'
    ])
    expect(bound.code, bound.stderr).toBe(0)
    const { token } = bound.json<{ client: string; agent: string; token: string }>()
    expect(token).toMatch(/^[0-9a-f]{48}$/)
    const config = JSON.parse(readFileSync(join(temp.dir, 'config.json'), 'utf8'))
    expect(config.mcp.clients.cursor).toEqual({
      agent: 'ella',
      tokenSha256: createHash('sha256').update(token).digest('hex'),
      boundAt: expect.any(Number)
    })
    expect(JSON.stringify(config)).not.toContain(token)
    const client = await connect('Cursor', { HEARTH_MCP_TOKEN: token })
    expect(
      field((await call(client, 'nexus_post', { type: 'turn', summary: 'Bound by the CLI' })).value, 'entry')
    ).toMatchObject({ agent: 'ella', channel: 'mcp:cursor' })
    expect(runHearth(['--home', temp.dir, 'mcp', 'bind', 'cursor', '--agent', 'nobody']).code).toBe(1)
    const malformed = runHearth(['--home', temp.dir, 'mcp', 'bind', 'cursor', '--agent', '../ella'])
    expect(malformed.code).not.toBe(0)
    expect(malformed.stderr).toContain(
      'An author is 1–64 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit'
    )
    expect(JSON.parse(readFileSync(join(temp.dir, 'config.json'), 'utf8')).mcp.clients.cursor.agent).toBe(
      'ella'
    )
  })
})

describe('nexus_unread and the project state over MCP', () => {
  it('returns what others wrote since this client last read, oldest first, and moves its own cursor', async () => {
    const client = await connect('Cursor')
    for (const summary of ['One', 'Two', 'Three'])
      runHearth(['--home', temp.dir, ...nexusPostArgs({ agent: 'ella', type: 'turn', summary })])
    await call(client, 'nexus_post', { type: 'turn', summary: 'My own entry' })
    const first = await call(client, 'nexus_unread', { limit: 2 })
    expect(first.value).toMatchObject({ remaining: 1, cursor: { from: 0, to: 2 } })
    expect(summaries(first.value)).toEqual(['One', 'Two'])
    const second = await call(client, 'nexus_unread')
    expect(summaries(second.value)).toEqual(['Three'])
    expect((await call(client, 'nexus_unread')).value).toEqual({
      entries: [],
      remaining: 0,
      cursor: { from: 4, to: 4 }
    })
    const other = await connect('OpenClaw')
    expect(field((await call(other, 'nexus_unread')).value, 'entries')).toHaveLength(1)
  })

  it('reads and updates the project state with a compare-and-swap hash, signed by the client', async () => {
    const client = await connect('OpenClaw')
    const read = (await call(client, 'project_state_read')).value
    const saved = (
      await call(client, 'project_state_update', {
        text: '# Goals\n\nShip 1.0\n',
        baseHash: field(read, 'hash')
      })
    ).value
    expect(saved).toMatchObject({ changed: true, version: expect.any(Number) })
    const stale = await call(client, 'project_state_update', {
      text: '# Goals\n\nShip 2.0\n',
      baseHash: field(read, 'hash')
    })
    expect(stale.isError).toBe(true)
    expect((await call(client, 'project_state_read')).value).toMatchObject({
      text: '# Goals\n\nShip 1.0\n',
      hash: field(saved, 'hash'),
      version: field(saved, 'version')
    })
    const tail = runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).json<{
      entries: { agent: string; type: string; channel: string }[]
    }>()
    expect(tail.entries).toMatchObject([{ agent: 'ella', type: 'state', channel: 'mcp:openclaw' }])
  })
})
