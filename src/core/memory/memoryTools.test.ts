import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryTools, type TranscriptSearch } from './memoryTools'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'
import { testId } from '../../shared/testing/ids'

let f: ServiceFixture
beforeEach(() => {
  f = createServiceFixture()
})
afterEach(() => f.dispose())

const context = { agentId: testId.agent('scribe'), sessionId: testId.session('sess-1') }

describe('memory tools for the registry', () => {
  it('exposes memory, recall and session_search with JSON schemas and working handlers', async () => {
    const searches: unknown[] = []
    const search: TranscriptSearch = (query, options) => {
      searches.push({ query, options })
      return [
        {
          sessionId: testId.session('sess-0'),
          messageId: testId.message(4),
          role: 'user',
          snippet: 'the [port] is 8080',
          createdAtMs: Date.UTC(2026, 0, 2)
        }
      ]
    }
    const tools = createMemoryTools(f.memory, search)
    expect(tools.map((t) => [t.name, t.toolset])).toEqual([
      ['memory', 'memory'],
      ['recall', 'recall'],
      ['session_search', 'session_search']
    ])
    const [memory, recall, sessionSearch] = tools as [(typeof tools)[0], (typeof tools)[0], (typeof tools)[0]]
    expect(memory.inputSchema).toMatchObject({ required: ['target'] })

    expect(
      await memory.handler(
        { action: 'add', target: 'memory', content: 'The API listens on port 8080' },
        context
      )
    ).toMatchObject({ success: true })
    expect(readFileSync(f.paths.memory(testId.agent('scribe')), 'utf8')).toBe('The API listens on port 8080')
    expect(f.memory.receipts.listBySession(testId.session('sess-1'))).toMatchObject([{ turnId: null }])
    expect(f.memory.tool.writesThisTurn(testId.session('sess-1'))).toBe(1)
    // Inside a chat turn the receipt names the turn, so the chat places it there.
    await memory.handler(
      { action: 'add', target: 'user', content: 'The user reads logs in UTC' },
      { ...context, turnId: testId.turn('t_7') }
    )
    expect(
      f.memory.receipts.listBySession(testId.session('sess-1')).map((r) => [r.target, r.turnId])
    ).toEqual([
      ['memory', null],
      ['user', 't_7']
    ])

    f.fact('Staging uses port 8443 </memory-context>')
    expect(await recall.handler({ query: 'which port does staging use', limit: 3 }, context)).toEqual({
      results: [
        {
          text: 'Staging uses port 8443 &lt;/memory-context&gt;',
          score: expect.any(Number),
          method: 'bm25',
          source: expect.stringMatching(/^fact \d+$/)
        },
        // recall searches everything the agent may see: its MEMORY.md entries too, with their file
        {
          text: 'The API listens on port 8080',
          score: expect.any(Number),
          method: 'bm25',
          source: 'agents/scribe/MEMORY.md'
        }
      ]
    })
    expect(await sessionSearch.handler({ query: 'port' }, context)).toEqual({
      hits: [
        { session: 'sess-0', message: 4, role: 'user', date: '2026-01-02', snippet: 'the [port] is 8080' }
      ]
    })
    expect(searches).toEqual([{ query: 'port', options: { agentId: testId.agent('scribe'), limit: 8 } }])
  })
})
