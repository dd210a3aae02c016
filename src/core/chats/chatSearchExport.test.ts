import { describe, expect, it } from 'vitest'
import { useFakeModelCore } from '../../../tests/helpers/fakeModelCore'
import { ChatExport } from '../../shared/contract/chatExport'
import { testId } from '../../shared/testing/ids'
import type { Core } from '../createCore'
import { exportFileBase } from './chatExport'
import { markWords, snippetParts } from './chatSearch'
import { callCore } from '../testing/callCore'
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract'

const world = useFakeModelCore()

const call = <M extends MethodName>(core: Core, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> =>
  callCore(core.handlers, method, input)

describe('chat search across agents', () => {
  it('finds chats of every agent by title and by message, one hit per chat, never the trash', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    core.services.agents.create('Coder', testId.agent('coder'))
    world.fake.script('Tomatoes need sun.', 'Match <b>tomato</b> with a regex.', 'Trash me.')
    const garden = (
      await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'tomato seedlings' })
    ).sessionId
    const code = (
      await core.services.chat.runTurn({ agentId: testId.agent('coder'), text: 'help me parse lines' })
    ).sessionId
    const gone = (await core.services.chat.runTurn({ agentId: testId.agent('coder'), text: 'tomato trash' }))
      .sessionId
    await call(core, 'chats.rename', { id: garden, title: 'Tomato garden' })
    await call(core, 'chats.delete', { id: gone })

    const { hits } = await call(core, 'chats.search', { query: 'tomato' })
    expect(hits.map((hit) => [hit.sessionId, hit.agentName])).toEqual([
      [garden, 'Scribe'],
      [code, 'Coder']
    ])
    const [byTitle, byMessage] = hits
    expect(byTitle?.title).toBe('Tomato garden')
    expect(byMessage?.messageId).toEqual(expect.any(Number))
    expect(byMessage?.snippet).toContainEqual({ text: 'tomato', hit: true })
    // Markup in a message is text in a snippet part, never a mark or an element.
    expect(byMessage?.snippet.map((part) => part.text).join('')).toContain('<b>')
    const scribeOnly = await call(core, 'chats.search', { query: 'tomato', agentId: 'scribe' })
    expect(scribeOnly.hits.map((hit) => hit.sessionId)).toEqual([garden])
    // A word may name the agent instead of appearing in the title: "coder parse" is Coder's chat.
    const named = await call(core, 'chats.search', { query: 'coder parse' })
    expect(named.hits.map((hit) => [hit.sessionId, hit.messageId])).toEqual([[code, null]])
  })

  it('cuts snippets at their marks and marks title words case-insensitively', () => {
    expect(snippetParts('a \u0002tomato\u0003 [b] \u0002x\u0003')).toEqual([
      { text: 'a ', hit: false },
      { text: 'tomato', hit: true },
      { text: ' [b] ', hit: false },
      { text: 'x', hit: true }
    ])
    expect(markWords('Tomato and (tomatoes)', ['tomato'])).toEqual([
      { text: 'Tomato', hit: true },
      { text: ' and (', hit: false },
      { text: 'tomato', hit: true },
      { text: 'es)', hit: false }
    ])
  })
})

describe('chat export', () => {
  it('writes Markdown with title, agent, dates, roles and times, code blocks intact and tool calls summarised', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script(
      { text: 'Let me look.', toolUses: [{ name: 'session_search', input: { query: 'garden' } }] },
      'Here:\n\n```ts\nconst a = 1\n```\n\nDone.'
    )
    const id = (await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'show me code' }))
      .sessionId
    await call(core, 'chats.rename', { id, title: 'Code / sample: "one"' })
    const file = await call(core, 'chats.export', { id, format: 'md' })
    expect(file.mediaType).toBe('text/markdown')
    expect(file.fileName).toMatch(/^hearth-chat-code-sample-one-\d{4}-\d{2}-\d{2}\.md$/)
    expect(file.text).toMatch(/^# Code \/ sample: "one"\n/)
    expect(file.text).toContain('- Agent: Scribe (`scribe`)')
    expect(file.text).toMatch(/## You · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\n\nshow me code/)
    expect(file.text).toContain('## Scribe · ')
    expect(file.text).toContain('```ts\nconst a = 1\n```')
    expect(file.text).toContain('> Called `session_search` with `{"query":"garden"}`')
    expect(file.text).toMatch(/> `session_search` returned: .* \(\d+ characters\)/)
  })

  it('writes JSON in the versioned shape with every version of a regenerated reply and usage per call', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script('First answer.', 'Second answer.')
    const done = await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'answer me' })
    await (
      await core.services.chat.regenerate({ sessionId: done.sessionId, turnId: done.turnId })
    ).done
    const file = await call(core, 'chats.export', { id: done.sessionId, format: 'json' })
    const parsed = ChatExport.parse(JSON.parse(file.text))
    expect(parsed).toMatchObject({ format: 'hearth.chat', version: 1 })
    expect(parsed.chat.agent).toEqual({ id: 'scribe', name: 'Scribe' })
    const replies = parsed.messages.filter((m) => m.kind === 'reply')
    expect(replies.map((m) => [m.text, m.shown])).toEqual([
      ['First answer.', false],
      ['Second answer.', true]
    ])
    expect(parsed.turns.map((t) => [t.origin, t.shown])).toEqual([
      ['send', false],
      ['regenerate', true]
    ])
    expect(parsed.calls).toHaveLength(2)
    expect(parsed.calls[0]?.usage.input_tokens).toBeGreaterThan(0)
  })

  it('names files with letters and digits only, whatever the title', () => {
    expect(exportFileBase('../../etc/passwd', 0)).toBe('hearth-chat-etc-passwd-1970-01-01')
    expect(exportFileBase('   ', 0)).toBe('hearth-chat-untitled-1970-01-01')
    expect(exportFileBase('Crème brûlée', 0)).toBe('hearth-chat-creme-brulee-1970-01-01')
  })
})
