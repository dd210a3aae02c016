import type { AgentId, SessionId } from '../../shared/contract'
import { testId } from '../../shared/testing/ids'
import { describe, expect, it } from 'vitest'
import { useFakeModelCore } from '../../../tests/helpers/fakeModelCore'
import type { Core } from '../createCore'
import { dispatch } from '../rpc/dispatch'
import { callCore } from '../testing/callCore'
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract'

const world = useFakeModelCore()

const call = <M extends MethodName>(core: Core, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> =>
  callCore(core.handlers, method, input)

async function refusal(
  core: Core,
  method: string,
  input: unknown
): Promise<{ code: string; message: string }> {
  const result = await dispatch(core.handlers, { method, input })
  if (result.ok) throw new Error(`${method} was expected to be refused`)
  return result.error
}

async function chat(core: Core, agentId: AgentId, text: string, sessionId?: SessionId): Promise<SessionId> {
  const done = await core.services.chat.runTurn(sessionId ? { sessionId, text } : { agentId, text })
  return done.sessionId
}

describe('chat library: names, pins and the trash', () => {
  it('renames a chat for good: blank or over-long names are refused, later turns keep the name', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script('Sure.', 'Again.')
    const id = await chat(core, testId.agent('scribe'), 'please plan the garden beds')
    expect(await call(core, 'sessions.get', { id })).toMatchObject({
      title: 'Plan the garden beds',
      titleSource: 'generated'
    })

    expect(await refusal(core, 'chats.rename', { id, title: '   ' })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('A chat name cannot be blank')
    })
    expect((await refusal(core, 'chats.rename', { id, title: 'x'.repeat(121) })).message).toContain(
      'at most 120 characters'
    )
    const renamed = await call(core, 'chats.rename', { id, title: '  Garden\nplan  ' })
    expect(renamed).toMatchObject({ id, title: 'Garden plan', titleSource: 'user' })
    await chat(core, testId.agent('scribe'), 'and the roses?', id)
    expect((await call(core, 'sessions.list', { agentId: 'scribe' })).items[0]?.title).toBe('Garden plan')
    expect(await refusal(core, 'chats.rename', { id: 'nope', title: 'x' })).toMatchObject({
      code: 'not_found'
    })
  })

  it('lists pinned chats first, most recently pinned on top, until unpinned', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script('one', 'two', 'three')
    const first = await chat(core, testId.agent('scribe'), 'first chat')
    const second = await chat(core, testId.agent('scribe'), 'second chat')
    const third = await chat(core, testId.agent('scribe'), 'third chat')
    const order = async (): Promise<string[]> =>
      (await call(core, 'sessions.list', { agentId: 'scribe' })).items.map((s: { id: string }) => s.id)
    expect(await order()).toEqual([third, second, first])
    const pinned = await call(core, 'chats.pin', { id: first, pinned: true })
    expect(pinned.pinnedAtMs).toEqual(expect.any(Number))
    expect(await order()).toEqual([first, third, second])
    await call(core, 'chats.pin', { id: first, pinned: false })
    expect(await order()).toEqual([third, second, first])
  })

  it('moves a chat to the trash and back, hidden from lists, search and new messages meanwhile', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script('Noted: the zucchini', 'kept')
    const id = await chat(core, testId.agent('scribe'), 'remember the zucchini harvest')
    const changes: unknown[] = []
    core.subscribe((event, payload) => event === 'chats.changed' && changes.push(payload))

    const trashed = await call(core, 'chats.delete', { id })
    expect(trashed.deletedAtMs).toEqual(expect.any(Number))
    expect(await call(core, 'sessions.list', {})).toEqual({ items: [], total: 0, next: null })
    expect((await call(core, 'sessions.search', { query: 'zucchini' })).hits).toEqual([])
    expect((await call(core, 'chats.search', { query: 'zucchini' })).hits).toEqual([])
    expect((await call(core, 'chats.trash', {})).map((s: { id: string }) => s.id)).toEqual([id])
    expect(await refusal(core, 'chat.send', { sessionId: id, text: 'hello?' })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Restore it')
    })
    const turnId = (await call(core, 'sessions.get', { id })).messages[0]?.turnId ?? expect.unreachable()
    for (const [method, input] of [
      ['chat.retry', { sessionId: id }],
      ['chat.regenerate', { sessionId: id, turnId }],
      ['chat.edit', { sessionId: id, turnId, text: 'the squash harvest' }]
    ] as const)
      expect(await refusal(core, method, input)).toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('in the trash')
      })
    expect(await refusal(core, 'chats.pin', { id, pinned: true })).toMatchObject({ code: 'conflict' })

    await call(core, 'chats.restore', { id })
    expect((await call(core, 'sessions.list', {})).items.map((s: { id: string }) => s.id)).toEqual([id])
    expect((await call(core, 'chats.search', { query: 'zucchini' })).hits).toHaveLength(1)
    expect(await call(core, 'chats.trash', {})).toEqual([])
    expect(changes).toEqual([
      { sessionId: id, agentId: 'scribe', change: 'trashed' },
      { sessionId: id, agentId: 'scribe', change: 'restored' }
    ])
  })

  it('deletes forever only from the trash: transcript, calls and index go, memory facts stay', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script('Parsnips it is.')
    const id = await chat(core, testId.agent('scribe'), 'we decided on parsnips')
    const fact = core.internals.memory.facts.insert({
      agentId: testId.agent('scribe'),
      status: 'approved',
      type: 'decision',
      speaker: 'user',
      text: 'The user grows parsnips',
      entities: [],
      quote: 'we decided on parsnips',
      sessionId: id,
      messageId: testId.message(1),
      scanFindings: [],
      mergeTargetId: null,
      mergeKind: null,
      origin: 'retention'
    })
    expect(await refusal(core, 'chats.purge', { id })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('move it to the trash first')
    })
    await call(core, 'chats.delete', { id })
    expect(await call(core, 'chats.purge', { id })).toEqual({ id })

    const db = core.internals.db
    const count = (sql: string): number => db.prepare(sql).pluck().get(id) as number
    expect(count('SELECT count(*) FROM sessions WHERE id = ?')).toBe(0)
    expect(count('SELECT count(*) FROM messages WHERE session_id = ?')).toBe(0)
    expect(count('SELECT count(*) FROM api_calls WHERE session_id = ?')).toBe(0)
    expect(count('SELECT count(*) FROM turn_versions WHERE session_id = ?')).toBe(0)
    expect(
      db.prepare("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'parsnips'").pluck().get()
    ).toBe(0)
    expect(core.internals.memory.facts.get(fact.id)?.text).toBe('The user grows parsnips')
    expect(await refusal(core, 'sessions.get', { id })).toMatchObject({ code: 'not_found' })
  })

  it('refuses to delete a chat while it is answering, and allows it once stopped', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script({ text: Array.from({ length: 50 }, (_, i) => `w${i} `), delayMs: 40 })
    const started = await core.services.chat.start({
      agentId: testId.agent('scribe'),
      text: 'a long story please'
    })
    expect(await refusal(core, 'chats.delete', { id: started.sessionId })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Press Stop')
    })
    core.services.chat.cancel(started.turnId)
    await started.done.catch(() => undefined)
    expect((await call(core, 'chats.delete', { id: started.sessionId })).deletedAtMs).not.toBeNull()
  })
})
