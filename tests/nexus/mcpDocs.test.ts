import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { parse as parseYaml } from 'yaml'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { estimateTokens } from '../../src/shared/util/tokens'
import { CLI, runHearth } from '../helpers/cli'
import { bindMemberWithToken, startMcpHttpChild } from '../helpers/mcpMembers'
import { makeTempDir } from '../helpers/tempHome'

/**
 * docs/nexus-mcp.md as a user follows it: each runtime's config block is read out of the page
 * (YAML for Hermes, JSON for Claude Code and OpenClaw), its placeholders filled in, and a real MCP
 * SDK client starts `hearth mcp` exactly as that config says. The token cost the page states is
 * measured from `tools/list`.
 */
const DOC = readFileSync(join(__dirname, '..', '..', 'docs', 'nexus-mcp.md'), 'utf8')
const DOC_CLI = '/path/to/hearth/bin/hearth.js'
const DOC_NODE = '/path/to/node'
const DOC_HOME = '/Users/you/.hearth'

/** The fenced blocks of one language under a `## heading`, in order. */
function blocks(heading: string, language: string): string[] {
  const start = DOC.indexOf(`\n## ${heading}\n`)
  expect(start, `docs/nexus-mcp.md has a "## ${heading}" section`).toBeGreaterThan(-1)
  const next = DOC.indexOf('\n## ', start + 4)
  const section = DOC.slice(start, next === -1 ? undefined : next)
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (m) => m[1] as string
  )
}

/** The documented configs, parsed: a page whose block lost a field fails here, by name. */
const StdioEntry = z.object({
  type: z.string().optional(),
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  timeout: z.number().optional()
})
type StdioEntry = z.infer<typeof StdioEntry>
const HermesConfig = z.object({
  mcp_servers: z.object({
    hearth: z.union([StdioEntry, z.object({ url: z.string(), headers: z.record(z.string(), z.string()) })])
  })
})
const ClaudeCodeConfig = z.object({ mcpServers: z.object({ hearth: StdioEntry }) })
const OpenClawConfig = z.object({ mcp: z.object({ servers: z.object({ hearth: StdioEntry }) }) })

let temp: ReturnType<typeof makeTempDir>
const closers: Array<() => Promise<void>> = []
const children: ChildProcess[] = []

beforeEach(() => {
  temp = makeTempDir('hearth-mcp-docs-')
  expect(runHearth(['--home', temp.dir, 'agents', 'create', 'Coder']).code).toBe(0)
})

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)))
  for (const child of children.splice(0)) child.kill('SIGKILL')
  temp.cleanup()
})

function bind(name: string, author: string, external: boolean): string {
  return bindMemberWithToken(temp.dir, name, author, external)
}

/** Starts the server the way a runtime would from the documented entry, with the placeholders filled in. */
async function connectAsDocumented(entry: StdioEntry, clientName: string, token: string): Promise<Client> {
  // `node`, or the documented placeholder for the absolute path of the Node Hearth runs on (this one).
  expect(['node', DOC_NODE]).toContain(entry.command)
  expect(entry.args).toEqual([DOC_CLI, 'mcp'])
  expect(entry.env).toEqual({ HEARTH_HOME: DOC_HOME, HEARTH_MCP_TOKEN: '<token>' })
  const client = new Client({ name: clientName, version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: entry.args.map((arg) => (arg === DOC_CLI ? CLI : arg)),
      env: { ...(process.env as Record<string, string>), HEARTH_HOME: temp.dir, HEARTH_MCP_TOKEN: token },
      stderr: 'pipe'
    })
  )
  closers.push(() => client.close())
  return client
}

async function postTurn(client: Client, summary: string): Promise<{ agent: string; channel: string }> {
  const result = (await client.callTool({ name: 'nexus_post', arguments: { type: 'turn', summary } })) as {
    isError?: boolean
    content: { text: string }[]
  }
  expect(result.isError, result.content[0]?.text).not.toBe(true)
  return (JSON.parse(result.content[0]?.text ?? '{}') as { entry: { agent: string; channel: string } }).entry
}

describe('docs/nexus-mcp.md, followed as written', { timeout: 90_000 }, () => {
  it('Hermes: the YAML entry (stdio, token in env, a timeout) makes two profiles two members', async () => {
    const [stdio, http] = blocks('Hermes Agent', 'yaml').map(
      (text) => HermesConfig.parse(parseYaml(text)).mcp_servers.hearth
    )
    const entry = StdioEntry.parse(stdio)
    expect(entry.timeout).toBeGreaterThan(0)
    expect(DOC).toContain("pip install 'hermes-agent[mcp]'")
    expect(DOC).toContain('mcp__hearth__nexus_unread')
    // Both profiles report the Python SDK's client name, `mcp`: only the token tells them apart.
    const lyra = await connectAsDocumented(entry, 'mcp', bind('hermes-lyra', 'lyra', true))
    const nova = await connectAsDocumented(entry, 'mcp', bind('hermes-nova', 'nova', true))
    expect(await postTurn(lyra, 'Lyra read the docs')).toMatchObject({
      agent: 'lyra',
      channel: 'mcp:hermes-lyra'
    })
    expect(await postTurn(nova, 'Nova read them too')).toMatchObject({
      agent: 'nova',
      channel: 'mcp:hermes-nova'
    })

    // The HTTP variant: the member's token as the bearer.
    if (!http || !('headers' in http)) throw new Error('the Hermes section has no HTTP entry with headers')
    expect(http.headers).toEqual({ Authorization: 'Bearer <token>' })
    const { child, url } = await startMcpHttpChild(temp.dir)
    children.push(child)
    const token = bind('hermes-vega', 'vega', true)
    const headers = {
      Authorization: String(http.headers['Authorization']).replace('<token>', token)
    }
    const overHttp = new Client({ name: 'mcp', version: '1.26.0' })
    await overHttp.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }))
    closers.push(() => overHttp.close())
    expect(await postTurn(overHttp, 'Vega over HTTP')).toMatchObject({
      agent: 'vega',
      channel: 'mcp:hermes-vega'
    })
  })

  it('Claude Code: the .mcp.json entry signs as the Hearth agent it is bound to', async () => {
    const [json] = blocks('Claude Code', 'json')
    const entry = ClaudeCodeConfig.parse(JSON.parse(json as string)).mcpServers.hearth
    expect(entry.type).toBe('stdio')
    const client = await connectAsDocumented(entry, 'claude-code', bind('claude-code', 'coder', false))
    expect(await postTurn(client, 'Claude Code followed the page')).toMatchObject({
      agent: 'coder',
      channel: 'mcp:claude-code'
    })
  })

  it('OpenClaw: the openclaw.json entry is a member of its own', async () => {
    const [json] = blocks('OpenClaw', 'json')
    const entry = OpenClawConfig.parse(JSON.parse(json as string)).mcp.servers.hearth
    const client = await connectAsDocumented(entry, 'openclaw', bind('openclaw', 'claw', true))
    expect(await postTurn(client, 'OpenClaw followed the page')).toMatchObject({
      agent: 'claw',
      channel: 'mcp:openclaw'
    })
  })

  it('states the token cost of the tools as measured from tools/list', async () => {
    const [json] = blocks('Claude Code', 'json')
    const client = await connectAsDocumented(
      ClaudeCodeConfig.parse(JSON.parse(json as string)).mcpServers.hearth,
      'claude-code',
      bind('claude-code', 'coder', false)
    )
    const { tools } = await client.listTools()
    const characters = tools
      .map((tool) =>
        JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })
      )
      .reduce((sum, text) => sum + text.length, 0)
    const stated = /come to about ([\d,]+) tokens\s+\(([\d,]+) characters/.exec(DOC.replace(/\s+/g, ' '))
    expect(stated, 'the page states the cost').not.toBeNull()
    const [tokens, chars] = [Number(stated?.[1]?.replace(',', '')), Number(stated?.[2]?.replace(',', ''))]
    const count =
      ['six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][tools.length - 6] ?? String(tools.length)
    expect(DOC).toContain(`Hearth's ${count} tools`)
    // Within a tenth: descriptions may be reworded without the page going stale at once.
    expect(Math.abs(chars - characters) / characters).toBeLessThan(0.1)
    expect(Math.abs(tokens - estimateTokens('x'.repeat(characters))) / tokens).toBeLessThan(0.1)
  })
})
