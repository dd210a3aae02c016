import { describe, expect, it } from 'vitest'
import type { ContentBlock, StoredMessage, ToolParam } from '../chatTypes'
import { buildWireMessages, LOOKBACK_POSITIONS, placeCacheMarkers } from '../turn/requestBuilder'
import { testId } from '../../../shared/testing/ids'

const tools: ToolParam[] = [
  { name: 'lookup', description: 'Looks a city up.', input_schema: { type: 'object', properties: {} } },
  { name: 'note', description: 'Writes a note.', input_schema: { type: 'object', properties: {} } }
]
const system = [
  { tier: 'stable' as const, text: 'stable\n\n' },
  { tier: 'volatile' as const, text: 'volatile' }
]
const ttl = { stable: '1h', conversation: '1h' } as const

function message(id: number, role: 'user' | 'assistant', content: ContentBlock[]): StoredMessage {
  const results = content.some((block) => block.type === 'tool_result')
  return {
    id: testId.message(id),
    sessionId: testId.session('s'),
    turnId: testId.turn(`t${id}`),
    role,
    kind: role === 'assistant' ? 'reply' : results ? 'tool_results' : 'text',
    content,
    status: 'complete',
    error: null,
    inContext: true,
    usage: null,
    createdAtMs: id
  }
}

const text = (n: number): ContentBlock[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'text', text: `part ${i + 1}` }))

/** A finished exchange, then a new user message of `blocks`. */
function conversation(blocks: ContentBlock[]) {
  return buildWireMessages(
    [message(1, 'user', text(1)), message(2, 'assistant', text(1)), message(3, 'user', blocks)],
    null
  )
}

const kinds = (marked: ReturnType<typeof placeCacheMarkers>): string[] => marked.markers.map((m) => m.kind)

describe('cache marker placement', () => {
  it('marks the tools on their own when they reach the model’s minimum, so another agent’s chat reads them', () => {
    const marked = placeCacheMarkers(tools, system, conversation(text(1)), ttl, 10)
    expect(kinds(marked)).toEqual(['tools', 'stable', 'system', 'newest'])
    expect(marked.tools.at(-1)).toMatchObject({ cache_control: { type: 'ephemeral', ttl: '1h' } })
    expect(marked.tools[0]).not.toHaveProperty('cache_control')
    // Below the minimum a tools-only entry could not be written: the slot is not spent on it.
    expect(kinds(placeCacheMarkers(tools, system, conversation(text(1)), ttl, 100_000))).toEqual([
      'stable',
      'system',
      'newest'
    ])
  })

  it('marks where the previous call ended only when the newest marker cannot look back that far; the tools marker gives way', () => {
    const within = conversation(text(LOOKBACK_POSITIONS - 2))
    expect(kinds(placeCacheMarkers(tools, system, within, ttl, 10))).toEqual([
      'tools',
      'stable',
      'system',
      'newest'
    ])
    const beyond = conversation(text(LOOKBACK_POSITIONS))
    const marked = placeCacheMarkers(tools, system, beyond, ttl, 10)
    expect(kinds(marked)).toEqual(['stable', 'system', 'previous', 'newest'])
    expect(marked.markers.find((m) => m.kind === 'previous')).toMatchObject({
      messageIndex: 0,
      blockIndex: 0
    })
  })

  it('counts a run of tool results as one lookback position, as the API does', () => {
    const results: ContentBlock[] = Array.from({ length: 30 }, (_, i) => ({
      type: 'tool_result',
      tool_use_id: `toolu_${i}`,
      content: 'ok'
    }))
    const wire = buildWireMessages(
      [
        message(1, 'user', text(1)),
        message(2, 'assistant', [
          { type: 'text', text: 'Looking' },
          ...results.map((_, i): ContentBlock => ({
            type: 'tool_use',
            id: `toolu_${i}`,
            name: 'lookup',
            input: {}
          }))
        ]),
        message(3, 'user', results)
      ],
      null
    )
    expect(wire[1]?.content).toHaveLength(31)
    expect(kinds(placeCacheMarkers(tools, system, wire, ttl, 10))).toEqual([
      'tools',
      'stable',
      'system',
      'newest'
    ])
  })
})
