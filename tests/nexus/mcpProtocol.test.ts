import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { nexusPostArgs } from '../helpers/nexusPost'
import { runHearth } from '../helpers/cli'
import { RawMcpSession } from '../helpers/rawMcp'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
let session: RawMcpSession

beforeEach(() => {
  temp = makeTempDir('hearth-mcp-rpc-')
  runHearth(['--home', temp.dir, 'init'])
  session = new RawMcpSession(temp.dir)
})

afterEach(async () => {
  await session.close()
  temp.cleanup()
})

/** The parts of the MCP answers these tests read. */
const jsonSchemaSchema = z.looseObject({
  properties: z.record(z.string(), z.looseObject({ enum: z.array(z.string()).optional() })).optional(),
  additionalProperties: z.boolean().optional(),
  required: z.array(z.string()).optional()
})
const toolsSchema = z.object({
  tools: z.array(z.looseObject({ name: z.string(), inputSchema: jsonSchemaSchema }))
})
const initializedSchema = z.looseObject({ protocolVersion: z.string() })
const toolResultSchema = z.looseObject({ content: z.array(z.looseObject({ text: z.string().optional() })) })
const resourcesSchema = z.looseObject({ resources: z.array(z.looseObject({ uri: z.string() })) })
const templatesSchema = z.looseObject({
  resourceTemplates: z.array(z.looseObject({ uriTemplate: z.string() }))
})
const contentsSchema = z.looseObject({
  contents: z.array(z.looseObject({ mimeType: z.string().optional(), text: z.string() }))
})
const promptSchema = z.looseObject({
  messages: z.array(z.looseObject({ content: z.looseObject({ text: z.string().optional() }) }))
})

describe('hearth mcp answers like a careful JSON-RPC peer', () => {
  it('answers a line that is not JSON with -32700, and a non-JSON-RPC object with -32600 and its id', async () => {
    await session.initialize('2025-06-18')
    session.send('{"jsonrpc": "2.0", "id": 7, "method": ')
    expect(await session.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.stringMatching(/^Parse error: /) }
    })
    session.send({ id: 8, method: 'tools/list' })
    expect(await session.next()).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32600, message: expect.stringMatching(/^Invalid Request: not a JSON-RPC 2.0 message/) }
    })
    expect((await session.result(9, 'tools/list', {}, toolsSchema)).tools.length).toBeGreaterThan(0)
  })

  it('refuses batches under 2025-06-18 and answers them as a batch under 2025-03-26', async () => {
    await session.initialize('2025-06-18')
    session.send([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }])
    expect(await session.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: expect.stringContaining('batches are not supported under MCP protocol version 2025-06-18')
      }
    })
    await session.close()

    session = new RawMcpSession(temp.dir)
    expect(initializedSchema.parse((await session.initialize('2025-03-26')).result).protocolVersion).toBe(
      '2025-03-26'
    )
    session.send([
      { jsonrpc: '2.0', id: 'a', method: 'prompts/list' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'zz' } },
      { jsonrpc: '2.0', id: 'b', method: 'no/such' },
      { bogus: true }
    ])
    const batch = (await session.next()) as Array<{ id: unknown; result?: unknown; error?: { code: number } }>
    expect(Array.isArray(batch)).toBe(true)
    expect(batch.map((reply) => [reply.id, reply.error?.code ?? 'ok']).sort()).toEqual(
      [
        ['a', 'ok'],
        ['b', -32601],
        [null, -32600]
      ].sort()
    )
  })

  it('an unknown tool is -32602; arguments outside the schema are a tool result with isError, in words', async () => {
    await session.initialize('2025-11-25')
    const unknown = await session.request(2, 'tools/call', { name: 'nexus_delete', arguments: {} })
    expect(unknown.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(
        /^Unknown tool: nexus_delete \(available: nexus_read, nexus_unread, nexus_post/
      )
    })
    const twoLines = await session.request(3, 'tools/call', {
      name: 'nexus_post',
      arguments: { type: 'turn', summary: 'Line one\nLine two' }
    })
    expect(twoLines.error).toBeUndefined()
    expect(twoLines.result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'Nothing was done: summary must be one line of text: no line breaks (put details in body). Fix the arguments and call nexus_post again.'
        }
      ]
    })
    const badType = await session.request(4, 'tools/call', {
      name: 'nexus_post',
      arguments: { type: 'gossip', summary: 'x', agent: 'ella' }
    })
    const text = toolResultSchema.parse(badType.result).content[0]?.text ?? ''
    expect(text).toContain('type must be one of "turn"')
    expect(text).toContain('agent is not a parameter of this tool')
    expect(text).not.toMatch(/\^|arguments\./)
    const missing = await session.request(5, 'resources/read', { uri: 'nexus://entries/99' })
    expect(missing.error).toMatchObject({ code: -32002, message: 'Resource not found: nexus://entries/99' })
    expect(JSON.parse(runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).stdout).entries).toEqual([])
  })

  it('advertises the rules it enforces in the tool schemas', async () => {
    await session.initialize('2025-06-18')
    const { tools } = await session.result(1, 'tools/list', {}, toolsSchema)
    const post = tools.find((tool) => tool.name === 'nexus_post')?.inputSchema
    expect(post?.properties?.summary).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '^[^\\r\\n]*[^\\s][^\\r\\n]*$'
    })
    expect(post?.properties?.type?.enum).toEqual([
      'turn',
      'decision',
      'handoff',
      'state',
      'checkpoint',
      'ack',
      'resolution'
    ])
    expect(post?.additionalProperties).toBe(false)
    expect(post?.properties).not.toHaveProperty('agent')
    const update = tools.find((tool) => tool.name === 'project_state_update')?.inputSchema
    expect(update).toMatchObject({
      required: ['text', 'baseHash'],
      properties: { baseHash: { pattern: '^([0-9a-f]{64}|missing)$' } }
    })
  })

  it('serves resources and the nexus-etiquette prompt', async () => {
    await session.initialize('2025-06-18')
    runHearth([
      '--home',
      temp.dir,
      ...nexusPostArgs({
        agent: 'user',
        type: 'decision',
        summary: 'Ship on Fridays',
        rationale: 'the team is in'
      })
    ])
    const listed = await session.result(1, 'resources/list', {}, resourcesSchema)
    expect(listed.resources.map((r) => r.uri)).toEqual(['nexus://decisions', 'nexus://project-state'])
    expect(
      (await session.result(2, 'resources/templates/list', {}, templatesSchema)).resourceTemplates
    ).toMatchObject([{ uriTemplate: 'nexus://entries/{seq}' }])
    const [entry] = (await session.result(3, 'resources/read', { uri: 'nexus://entries/1' }, contentsSchema))
      .contents
    expect(entry?.mimeType).toBe('application/json')
    expect(JSON.parse(entry?.text ?? '')).toMatchObject({
      seq: 1,
      agent: 'user',
      type: 'decision',
      summary: 'Ship on Fridays'
    })
    const decisions = (
      await session.result(4, 'resources/read', { uri: 'nexus://decisions' }, contentsSchema)
    ).contents[0]?.text
    expect(decisions).toMatch(
      /^# Decisions\n\n- #1 .* \*\*user\*\*: Ship on Fridays\n {2}Why: the team is in\n$/
    )
    const prompt = await session.result(5, 'prompts/get', { name: 'nexus-etiquette' }, promptSchema)
    expect(prompt.messages[0]?.content.text).toContain('Before each reply, call nexus_unread')
    expect((await session.request(6, 'prompts/get', { name: 'nope' })).error?.code).toBe(-32602)
  })
})
