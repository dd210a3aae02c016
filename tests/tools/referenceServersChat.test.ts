import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { RecordedRequest } from '../fakeAnthropic/types'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { referenceServer } from './referenceServers'
import { testId } from '../../src/shared/testing/ids'
import { unfenced } from '../helpers/toolFence'

const harness = useFakeModelCore()

interface WireToolResult {
  readonly type: 'tool_result'
  readonly content:
    | string
    | ReadonlyArray<{
        type: string
        text?: string
        source?: { type: string; media_type: string; data: string }
      }>
  readonly is_error?: boolean
}

function open(servers: Record<string, unknown>): void {
  writeFileSync(join(harness.home, 'config.json'), JSON.stringify({ mcpServers: servers }))
  harness.open({ agent: ['Scout', 'scout'] })
}

function modelRequests(): RecordedRequest[] {
  return harness.fake.requests.filter((r) => r.path === '/v1/messages')
}

/** The tool_result block of the request's last user message. */
function toolResult(request: RecordedRequest | undefined): WireToolResult {
  const blocks =
    (request?.body as { messages: Array<{ content: Array<{ type: string }> }> }).messages.at(-1)?.content ??
    []
  const result = blocks.find((block) => block.type === 'tool_result')
  if (!result) throw new Error('no tool_result in the request')
  return result as WireToolResult
}

/** The text of an MCP tool's result, inside its fence (which must be there). */
function textOf(result: WireToolResult): string {
  return unfenced(
    typeof result.content === 'string'
      ? result.content
      : result.content.map((part) => part.text ?? `<${part.type}>`).join('\n')
  )
}

function toolNames(request: RecordedRequest | undefined): string[] {
  return ((request?.body as { tools?: Array<{ name: string }> }).tools ?? []).map((tool) => tool.name)
}

async function turn(text: string): ReturnType<typeof harness.core.services.chat.runTurn> {
  return harness.core.services.chat.runTurn({ agentId: testId.agent('scout'), text })
}

describe('the official "everything" reference server through full chat turns', () => {
  it('sends its image as an image block, keeps resource links, follows one with read_resource, hides the task-only tool', async () => {
    open({ everything: referenceServer('everything') })
    harness.fake.script(
      { toolUses: [{ name: 'mcp__everything__get-tiny-image', input: {} }] },
      { toolUses: [{ name: 'mcp__everything__get-resource-links', input: { count: 2 } }] },
      {
        toolUses: [
          { name: 'mcp__everything__read_resource', input: { uri: 'demo://resource/dynamic/text/2' } }
        ]
      },
      'Seen the image and read the resource.'
    )
    const result = await turn('Show me the tiny image, then the resource links')
    expect(result.toolCalls.map((call) => call.ok)).toEqual([true, true, true])
    const [first, second, third, fourth] = modelRequests()

    const names = toolNames(first)
    expect(names).toContain('mcp__everything__get-tiny-image')
    expect(names).toContain('mcp__everything__read_resource')
    expect(names).not.toContain('mcp__everything__simulate-research-query')

    const image = toolResult(second)
    expect(Array.isArray(image.content)).toBe(true)
    const imageBlock = (image.content as Exclude<WireToolResult['content'], string>).find(
      (part) => part.type === 'image'
    )
    expect(imageBlock?.source).toMatchObject({ type: 'base64', media_type: 'image/png' })
    expect(
      Buffer.from(imageBlock?.source?.data ?? '', 'base64')
        .subarray(1, 4)
        .toString()
    ).toBe('PNG')
    expect(textOf(image)).not.toContain('omitted')

    const links = textOf(toolResult(third))
    expect(links).toContain('[resource link] Blob Resource 1: demo://resource/dynamic/blob/1')
    expect(links).toContain('[resource link] Text Resource 2: demo://resource/dynamic/text/2 — text/plain')
    expect(links).toContain('Resource 2: plaintext resource')
    expect(links).toContain(
      'Read it with mcp__everything__read_resource {"uri": "demo://resource/dynamic/text/2"}'
    )

    expect(textOf(toolResult(fourth))).toMatch(
      /^\[resource demo:\/\/resource\/dynamic\/text\/2 \(text\/plain\)\]\nResource 2: This is a plaintext resource/
    )
    const plan = await harness.core.services.tools.planSession(testId.agent('scout'))
    expect(plan.problems).toContain(
      'MCP server "everything": simulate-research-query: hidden, it can only run as a task, which Hearth does not run'
    )
  })

  it('inlines embedded text blobs, and keeps structured content once', async () => {
    open({ everything: referenceServer('everything') })
    harness.fake.script(
      {
        toolUses: [
          { name: 'mcp__everything__get-resource-reference', input: { resourceType: 'Blob', resourceId: 3 } }
        ]
      },
      { toolUses: [{ name: 'mcp__everything__get-structured-content', input: { location: 'Chicago' } }] },
      'Done.'
    )
    await turn('Fetch the blob resource and the Chicago weather')
    const [, second, third] = modelRequests()
    expect(textOf(toolResult(second))).toContain(
      '[resource demo://resource/dynamic/blob/3 (text/plain)]\nResource 3: This is a base64 blob'
    )
    const weather = textOf(toolResult(third))
    expect(JSON.parse(weather)).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 })
  })
})

describe('the official filesystem and memory reference servers through full chat turns', () => {
  it('reports a denied path as a failed call the model can read, and scales a large image down', async () => {
    const allowed = join(harness.home, 'allowed')
    mkdirSync(allowed)
    const big = await sharp({ create: { width: 3200, height: 2000, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer()
    writeFileSync(join(allowed, 'chart.png'), big)
    open({ files: referenceServer('filesystem', [allowed]) })
    harness.fake.script(
      { toolUses: [{ name: 'mcp__files__read_text_file', input: { path: '/etc/hostname' } }] },
      { toolUses: [{ name: 'mcp__files__read_media_file', input: { path: join(allowed, 'chart.png') } }] },
      'One was refused; here is the chart.'
    )
    const result = await turn('Read /etc/hostname and show me chart.png')
    expect(result.toolCalls.map((call) => call.ok)).toEqual([false, true])
    const [, second, third] = modelRequests()
    const denied = toolResult(second)
    expect(denied.is_error).toBe(true)
    // An error is the one shape every failure has (`{"error": …}`), its text made inert, not fenced.
    expect(JSON.parse(denied.content as string)).toMatchObject({
      error: expect.stringContaining('Access denied - path outside allowed directories'),
      error_type: 'mcp_tool_error'
    })

    const media = toolResult(third)
    const parts = media.content as Exclude<WireToolResult['content'], string>
    const image = parts.find((part) => part.type === 'image')
    const meta = await sharp(Buffer.from(image?.source?.data ?? '', 'base64')).metadata()
    expect([meta.width, meta.height]).toEqual([1568, 980])
    expect(textOf(media)).toContain('[image scaled down from 3200×2000')
  })

  it('stores and finds a memory-graph entity', async () => {
    open({ graph: referenceServer('memory', [], { MEMORY_FILE_PATH: join(harness.home, 'graph.jsonl') }) })
    harness.fake.script(
      {
        toolUses: [
          {
            name: 'mcp__graph__create_entities',
            input: { entities: [{ name: 'Ana', entityType: 'person', observations: ['drinks green tea'] }] }
          }
        ]
      },
      { toolUses: [{ name: 'mcp__graph__search_nodes', input: { query: 'tea' } }] },
      'Ana drinks green tea.'
    )
    const result = await turn('Remember that Ana drinks green tea, then look it up')
    expect(result.toolCalls.map((call) => call.ok)).toEqual([true, true])
    const found = textOf(toolResult(modelRequests()[2]))
    expect(JSON.parse(found)).toMatchObject({
      entities: [{ name: 'Ana', observations: ['drinks green tea'] }]
    })
  })
})
