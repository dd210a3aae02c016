import type { TurnId } from '../../shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { createNexusTools } from './nexusTools'
import { NexusCheckpoints, NexusSessionEndHook, oneLine } from './nexusSessionHooks'
import { openNexusTestHome, type NexusTestHome } from './nexusTestHome'

describe('session end, checkpoints, project state and tools', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  /** A session as the chat feature stores it (migration 0002). */
  function seedSession(id: string, replies: string[]): void {
    home.db
      .prepare(
        `INSERT INTO sessions (id, agent_id, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, title, started_at, updated_at)
         VALUES (?, 'ella', 'm', 'anthropic', 'desktop', '', '{}', '[]', '', 'Photo import', ?, ?)`
      )
      .run(id, home.clock.now(), home.clock.now())
    const message = home.db.prepare(
      "INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES (?, 't', ?, ?, '[]', ?, 'complete', 0, 0)"
    )
    for (const reply of replies) {
      message.run(id, 'user', 'text', 'please do it')
      message.run(id, 'assistant', 'reply', reply)
    }
  }

  it('appends one turn entry at session end with the title, last reply and decisions of the session', async () => {
    seedSession('s1', ['Started.', 'Imported 90 albums and resized them.'])
    home.nexus.post({ agent: 'ella', type: 'decision', summary: 'Thumbnails are WebP', rationale: 'smaller' })
    const hook = new NexusSessionEndHook(home.nexus, home.transcripts)
    const entry = await hook.run({ sessionId: testId.session('s1'), agentId: testId.agent('ella') })
    expect(entry).toMatchObject({
      agent: 'ella',
      type: 'turn',
      summary: 'Session ended: Photo import',
      refs: [1]
    })
    expect(entry?.body).toContain('2 user turns.')
    expect(entry?.body).toContain('Last reply: Imported 90 albums and resized them.')
    expect(entry?.body).toContain('Decisions: #1 Thumbnails are WebP')
    expect(await hook.run({ sessionId: testId.session('s1'), agentId: testId.agent('ella') })).toBeNull()
    expect(home.nexus.list({ type: 'turn' }).total).toBe(1)
  })

  it('writes a generic entry for a session it cannot read, and nothing for an empty session', async () => {
    const hook = new NexusSessionEndHook(home.nexus, home.transcripts)
    expect(
      await hook.run({ sessionId: testId.session('unknown'), agentId: testId.agent('ella') })
    ).toMatchObject({
      summary: 'Session ended: no reply text recorded'
    })
    seedSession('empty', [])
    expect(await hook.run({ sessionId: testId.session('empty'), agentId: testId.agent('ella') })).toBeNull()
  })

  it('appends a checkpoint every K tool calls within one turn and at compression', () => {
    const checkpoints = new NexusCheckpoints(home.nexus, 3)
    const call = (turnId: TurnId, toolName: string) =>
      checkpoints.onToolCall({
        agentId: testId.agent('ella'),
        sessionId: testId.session('s1'),
        turnId,
        toolName,
        task: 'resize photos'
      })
    expect([call(testId.turn('t1'), 'a'), call(testId.turn('t1'), 'b')]).toEqual([null, null])
    expect(call(testId.turn('t1'), 'c')).toMatchObject({
      type: 'checkpoint',
      summary: 'Checkpoint after 3 tool calls: resize photos'
    })
    expect(call(testId.turn('t2'), 'd')).toBeNull()
    expect(
      checkpoints.onCompression({
        agentId: testId.agent('ella'),
        sessionId: testId.session('s1'),
        summary: 'Resized 40 albums'
      }).summary
    ).toBe('Checkpoint at compression: Resized 40 albums')
    expect(home.nexus.checkpoints().map((entry) => entry.summary)).toEqual([
      'Checkpoint at compression: Resized 40 albums'
    ])
  })

  it('cuts long text to one line of at most 200 characters', () => {
    expect(oneLine(`a\n${'b'.repeat(300)}`)).toHaveLength(200)
    expect(oneLine(' x \n y ')).toBe('x y')
  })

  it('records each saved project state once as a state entry carrying the hash', () => {
    const empty = home.nexus.projectState.read()
    const saved = home.nexus.projectState.save('# Project\n\nShip v1 in March.\n', empty.hash)
    expect(saved.entry).toMatchObject({ agent: 'user', type: 'state' })
    expect(saved.entry?.body).toContain(`sha256 ${saved.hash}`)
    expect(saved.entry?.summary).toBe(`Project state saved (4 lines, sha256 ${saved.hash.slice(0, 12)})`)
    expect(home.nexus.projectState.save('# Project\n\nShip v1 in March.\n', saved.hash).entry?.seq).toBe(
      saved.entry?.seq
    )
    expect(() => home.nexus.projectState.save('stale', empty.hash)).toThrow(/changed on disk/)
    expect(home.nexus.list({ type: 'state' }).total).toBe(1)
  })

  it('exposes nexus_post and nexus_read as tools signed with the calling agent', async () => {
    const [post, read] = createNexusTools(home.nexus)
    const context = { agentId: testId.agent('lyra'), sessionId: testId.session('s') }
    expect(post?.toolset).toBe('nexus')
    const posted = (await post?.handler(
      { type: 'decision', summary: 'Use UTC', rationale: 'travel', agent: 'ella' },
      context
    )) as { seq: number }
    expect(home.nexus.list({}).entries[0]).toMatchObject({ seq: posted.seq, agent: 'lyra' })
    const found = (await read?.handler({ search: 'utc' }, context)) as {
      entries: { seq: number; hash?: string }[]
      total: number
    }
    expect(found.total).toBe(1)
    expect(found.entries[0]?.hash).toBeUndefined()
    await expect(read?.handler({ limit: 'many' }, context) ?? Promise.resolve()).rejects.toThrow(/limit/)
    await expect(
      post?.handler({ type: 'decision', summary: 'no why' }, context) ?? Promise.resolve()
    ).rejects.toThrow(/rationale/)
  })
})
