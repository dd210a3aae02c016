import { testId } from '../../../shared/testing/ids'
import { describe, expect, it } from 'vitest'
import { diffRequests, type InspectedRequest } from './requestDiff'
import { lineDiff, wordDiff } from './textDiff'

const STABLE = '# Scribe\nScribe keeps careful notes.'
const VOLATILE = '## Memory\n- likes tea\n- lives in Oslo'

function request(overrides: Partial<InspectedRequest> = {}): InspectedRequest {
  return {
    model: 'claude-sonnet-4-5',
    maxTokens: 4096,
    ttl: '5m',
    system: [
      { tier: 'stable', start: 0, end: STABLE.length, text: STABLE, source: 'soul (SOUL.md)' },
      {
        tier: 'volatile',
        start: STABLE.length,
        end: STABLE.length + VOLATILE.length,
        text: VOLATILE,
        source: 'memory (MEMORY.md)'
      }
    ],
    tools: [
      {
        name: 'memory',
        description: 'Save a note',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        marked: false
      },
      { name: 'read_file', description: 'Read a file', inputSchema: { type: 'object' }, marked: true }
    ],
    messages: [
      {
        role: 'user',
        content: [{ type: 'text', text: 'Tell me about zebras', cache_control: { type: 'ephemeral' } }],
        sourceIds: [testId.message(1)]
      }
    ],
    context: [
      { providerId: 'recall', fenceTag: 'memory-context', chars: 120, sha256: 'aaa', text: null, items: [] }
    ],
    breakpoints: [
      {
        kind: 'tools',
        position: 1,
        messageIndex: null,
        blockIndex: 1,
        estimatedTokens: 100,
        ttl: null,
        ttlReason: null
      },
      {
        kind: 'system',
        position: 2,
        messageIndex: null,
        blockIndex: 0,
        estimatedTokens: 300,
        ttl: null,
        ttlReason: null
      },
      {
        kind: 'newest',
        position: 3,
        messageIndex: 0,
        blockIndex: 0,
        estimatedTokens: 320,
        ttl: null,
        ttlReason: null
      }
    ],
    instruction: null,
    ...overrides
  }
}

describe('text diffs', () => {
  it('finds the changed line between unchanged ones and rejoins exactly', () => {
    const runs = lineDiff('a\nb\nc\nd', 'a\nb\nX\nd')
    expect(runs).toEqual([
      { op: 'same', text: 'a\nb' },
      { op: 'remove', text: 'c' },
      { op: 'add', text: 'X' },
      { op: 'same', text: 'd' }
    ])
  })

  it('diffs words and keeps the whitespace, so the kept and added runs spell the new text', () => {
    const runs = wordDiff('They live in herds.', 'They live alone in herds.')
    expect(
      runs
        .filter((r) => r.op !== 'remove')
        .map((r) => r.text)
        .join('')
    ).toBe('They live alone in herds.')
    expect(runs.filter((r) => r.op === 'add').map((r) => r.text.trim())).toEqual(['alone'])
  })
})

describe('diffRequests', () => {
  it('reports nothing changed for identical requests', () => {
    const diff = diffRequests(request(), request(), 7)
    expect(diff.previousCallId).toBe(7)
    expect(diff.model).toBeNull()
    expect(diff.ttl).toBeNull()
    expect(diff.system.map((t) => t.status)).toEqual(['same', 'same'])
    expect(diff.system.every((t) => t.lines.length === 0)).toBe(true)
    expect(diff.tools).toEqual([])
    expect(diff.toolsUnchanged).toBe(2)
    // Kept positions are counted, not listed: there is nothing to show but the count.
    expect(diff.messages).toEqual([])
    expect(diff.messageCounts).toEqual({ kept: 1, changed: 0, new: 0, gone: 0 })
    expect(diff.messagePositions).toBe(1)
    expect(diff.messagesFrom).toBe(0)
    expect(diff.breakpoints.added).toEqual([])
    expect(diff.breakpoints.removed).toEqual([])
    expect(diff.breakpoints.kept).toHaveLength(3)
    expect(diff.context).toEqual([
      { providerId: 'recall', fenceTag: 'memory-context', status: 'same', beforeChars: 120, afterChars: 120 }
    ])
  })

  it('gives the line diff of a rebuilt volatile tier and leaves the stable tier alone', () => {
    const rebuilt = '## Memory\n- likes tea\n- moved to Bergen'
    const after = request({
      system: [
        request().system[0]!,
        { ...request().system[1]!, text: rebuilt, end: STABLE.length + rebuilt.length }
      ]
    })
    const diff = diffRequests(request(), after, 1)
    const [stable, volatile] = diff.system
    expect(stable).toMatchObject({ tier: 'stable', status: 'same', lines: [] })
    expect(volatile).toMatchObject({
      tier: 'volatile',
      status: 'changed',
      source: 'memory (MEMORY.md)',
      beforeChars: VOLATILE.length,
      afterChars: rebuilt.length
    })
    expect(volatile?.lines).toEqual([
      { op: 'same', text: '## Memory\n- likes tea' },
      { op: 'remove', text: '- lives in Oslo' },
      { op: 'add', text: '- moved to Bergen' }
    ])
  })

  it('names a removed tool and a changed schema, counting the rest as unchanged', () => {
    const before = request()
    const after = request({
      tools: [
        { ...before.tools[0]!, inputSchema: { type: 'object', properties: { text: { type: 'number' } } } }
      ]
    })
    const diff = diffRequests(before, after, 1)
    expect(diff.tools).toEqual([
      { name: 'memory', status: 'changed', changed: ['inputSchema'] },
      { name: 'read_file', status: 'removed', changed: [] }
    ])
    expect(diff.toolsUnchanged).toBe(0)
  })

  it('ignores key order in schemas', () => {
    const after = request({
      tools: [
        { ...request().tools[0]!, inputSchema: { properties: { text: { type: 'string' } }, type: 'object' } },
        request().tools[1]!
      ]
    })
    expect(diffRequests(request(), after, 1).tools).toEqual([])
  })

  it('shows new messages at the end and the moved breakpoint, without calling the old message edited', () => {
    const before = request()
    const after = request({
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Tell me about zebras', cache_control: { type: 'ephemeral' } }],
          sourceIds: [testId.message(1)]
        },
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'Striped horses.' }],
          sourceIds: [testId.message(2)]
        },
        {
          role: 'user',
          content: [{ type: 'text', text: 'Do they live alone?', cache_control: { type: 'ephemeral' } }],
          sourceIds: [testId.message(3)]
        }
      ],
      breakpoints: [
        {
          kind: 'system',
          position: 2,
          messageIndex: null,
          blockIndex: 0,
          estimatedTokens: 300,
          ttl: null,
          ttlReason: null
        },
        {
          kind: 'previous',
          position: 3,
          messageIndex: 0,
          blockIndex: 0,
          estimatedTokens: 320,
          ttl: null,
          ttlReason: null
        },
        {
          kind: 'newest',
          position: 5,
          messageIndex: 2,
          blockIndex: 0,
          estimatedTokens: 340,
          ttl: null,
          ttlReason: null
        }
      ]
    })
    const diff = diffRequests(before, after, 1)
    expect(diff.messages.map((m) => [m.index, m.role, m.status])).toEqual([
      [1, 'assistant', 'new'],
      [2, 'user', 'new']
    ])
    expect(diff.messageCounts).toEqual({ kept: 1, changed: 0, new: 2, gone: 0 })
    expect(diff.messagesFrom).toBe(0)
    expect(diff.messages[1]?.blocks).toEqual([
      { index: 0, type: 'text', status: 'added', words: [{ op: 'add', text: 'Do they live alone?' }] }
    ])
    expect(diff.breakpoints.added).toEqual(['message 3 (user) · block 1'])
    expect(diff.breakpoints.removed).toEqual(['tools · after read_file'])
    expect(diff.breakpoints.kept).toEqual(['system · end of the prompt', 'message 1 (user) · block 1'])
  })

  it('word-diffs a message changed in place and marks a gone message', () => {
    const before = request({
      messages: [
        ...request().messages,
        { role: 'assistant', content: [{ type: 'text', text: 'old reply' }], sourceIds: [testId.message(2)] }
      ]
    })
    const after = request({
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Tell me about lions' }],
          sourceIds: [testId.message(9)]
        }
      ]
    })
    const diff = diffRequests(before, after, 1)
    expect(diff.messages[0]).toMatchObject({
      status: 'changed',
      blocks: [
        {
          status: 'changed',
          words: [
            { op: 'same', text: 'Tell me about ' },
            { op: 'remove', text: 'zebras' },
            { op: 'add', text: 'lions' }
          ]
        }
      ]
    })
    expect(diff.messages[1]).toMatchObject({
      status: 'gone',
      role: 'assistant',
      blocks: [{ status: 'removed', words: [{ op: 'remove', text: 'old reply' }] }]
    })
  })

  it('tells changed per-turn context by its hash only, and reports a model switch', () => {
    const after = request({
      model: 'claude-opus-4-1',
      context: [
        {
          providerId: 'recall',
          fenceTag: 'memory-context',
          chars: 140,
          sha256: 'bbb',
          text: null,
          items: []
        },
        { providerId: 'nexus', fenceTag: 'nexus-context', chars: 50, sha256: 'ccc', text: null, items: [] }
      ]
    })
    const diff = diffRequests(request(), after, 1)
    expect(diff.model).toEqual({ before: 'claude-sonnet-4-5', after: 'claude-opus-4-1' })
    expect(diff.context.map((c) => [c.providerId, c.status, c.beforeChars, c.afterChars])).toEqual([
      ['recall', 'changed', 120, 140],
      ['nexus', 'added', null, 50]
    ])
  })
})

describe('a diff budget', () => {
  it('word-diffs while cells remain, then shows a changed middle as removed then added', () => {
    const budget = { cells: 40 }
    expect(wordDiff('a b c', 'a x c', budget)).toEqual([
      { op: 'same', text: 'a ' },
      { op: 'remove', text: 'b' },
      { op: 'add', text: 'x' },
      { op: 'same', text: ' c' }
    ])
    expect(budget.cells).toBe(36)
    const long = (word: string): string => Array.from({ length: 10 }, (_, i) => `${word}${i}`).join(' ')
    expect(wordDiff(long('p'), long('q'), budget)).toEqual([
      { op: 'remove', text: long('p') },
      { op: 'add', text: long('q') }
    ])
    expect(budget.cells).toBe(36)
  })
})
