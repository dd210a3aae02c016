import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { openNexusTestHome, seedChat, type NexusTestHome } from './testing/nexusTestHome'

describe('turn entries and checkpoints from chat events', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
    seedChat(home, {
      id: 's1',
      agent: 'ella',
      title: 'Albums',
      turns: [
        { turnId: 't1', request: 'Resize every album to 1600 px and remember that I like WebP' },
        { turnId: 't2', request: 'What is in the Lisbon album?' },
        { turnId: 't3', request: 'Thanks!' }
      ]
    })
  })
  afterEach(() => home.dispose())

  const s1 = testId.session('s1')
  const usage = {
    input_tokens: 900,
    output_tokens: 40,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 850
  }

  /** A tool call as the chat engine announces it: started, then finished with its result. */
  function toolCall(
    turnId: string,
    name: string,
    input: unknown = {},
    ok = true,
    result = '{"done":true}'
  ): void {
    const base = {
      sessionId: s1,
      turnId: testId.turn(turnId),
      toolUseId: `${turnId}-${name}`,
      name,
      displayName: name,
      input
    }
    home.events.emit('chat.toolCall', { ...base, phase: 'started', ok: null, result: null })
    home.events.emit('chat.toolCall', { ...base, phase: 'finished', ok, result })
  }

  /** A turn's end as the engine announces it, one call's usage and cost included. */
  function finish(turnId: string, text: string, options: { compressed?: boolean } = {}): void {
    home.events.emit('chat.finished', {
      sessionId: s1,
      turnId: testId.turn(turnId),
      text,
      stopReason: 'end_turn',
      usage,
      costUsd: 0.0012,
      calls: [{ callId: 1, usage, costUsd: 0.0012, missReason: null }],
      compressed: options.compressed ?? false
    })
  }

  const turnEntries = () => home.nexus.list({ type: 'turn' }).entries

  it('writes one entry, without a model call, for a turn that changed something', () => {
    toolCall('t1', 'memory', { action: 'add', target: 'user', content: 'Likes WebP' })
    toolCall('t1', 'resize_album', { album: 'lisbon' })
    toolCall('t1', 'resize_album', { album: 'porto' })
    toolCall('t1', 'upload', {}, false, '{"error":"offline"}')
    finish('t1', 'Both albums are resized to 1600 px. The upload failed because you are offline.')
    finish('t1', 'the same turn announced twice')
    expect(turnEntries()).toHaveLength(1)
    const entry = turnEntries()[0]
    expect(entry).toMatchObject({ agent: 'ella', type: 'turn' })
    expect(entry?.summary).toBe(
      'Asked “Resize every album to 1600 px and remember that I like WebP” · ran memory add, resize_album ×2, upload failed · replied: Both albums are resized to 1600 px.'
    )
    expect(entry?.body).toContain(
      'Turn t1 of session s1. Written by Hearth from the turn itself (no model call).'
    )
    expect(entry?.body).toContain('Tools: memory, resize_album, resize_album, upload (failed)')
  })

  it('leaves no entry for a turn that only read, unless the setting asks for every turn', () => {
    toolCall('t2', 'recall', { query: 'lisbon' })
    toolCall('t2', 'read_album', { album: 'lisbon' })
    finish('t2', 'Forty photos of trams.')
    expect(turnEntries()).toEqual([])
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { turnEntries: 'every' } }))
    finish('t3', 'You are welcome!')
    expect(turnEntries().map((entry) => entry.summary)).toEqual([
      'Asked “Thanks!” · no tools · replied: You are welcome!'
    ])
  })

  it('writes nothing when the setting is off, and keeps the model’s own closing entry as the turn’s', () => {
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { turnEntries: 'off' } }))
    toolCall('t1', 'resize_album')
    finish('t1', 'Done.')
    expect(turnEntries()).toEqual([])
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { turnEntries: 'every' } }))
    const own = home.nexus.post({ agent: 'ella', type: 'turn', summary: 'Resized the Lisbon album' })
    toolCall(
      't2',
      'nexus_post',
      { type: 'turn', summary: 'Resized the Lisbon album' },
      true,
      `{"seq":${own.entry.seq}}`
    )
    finish('t2', 'Done.')
    expect(turnEntries().map((entry) => entry.summary)).toEqual(['Resized the Lisbon album'])
    expect(home.nexus.turnEntries.forSession(testId.session('s1')).map((entry) => entry.seq)).toEqual([
      own.entry.seq
    ])
  })

  it('takes a decision the model posted as the turn’s entry, and refers to its acks from an automatic one', () => {
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { turnEntries: 'every' } }))
    const decision = home.nexus.post({
      agent: 'ella',
      type: 'decision',
      summary: 'Albums use WebP',
      rationale: 'smaller'
    })
    toolCall('t1', 'nexus_post', { type: 'decision' }, true, `{"seq":${decision.entry.seq},"conflicts":[]}`)
    finish('t1', 'Decided on WebP.')
    expect(turnEntries()).toEqual([])
    expect(home.nexus.turnEntries.forSession(testId.session('s1')).map((entry) => entry.seq)).toEqual([
      decision.entry.seq
    ])
    const ack = home.nexus.post({ agent: 'ella', type: 'ack', summary: 'Seen', refs: [decision.entry.seq] })
    toolCall('t2', 'ack', { refs: [decision.entry.seq] }, true, `{"seq":${ack.entry.seq},"stillAwaiting":[]}`)
    finish('t2', 'Noted.')
    expect(turnEntries()[0]?.refs).toEqual([ack.entry.seq])
  })

  it('writes a checkpoint with goal, done and next after 8 tool calls without one, and nudges the agent', () => {
    for (let i = 1; i <= 7; i++) toolCall('t1', `resize_${i}`)
    expect(home.nexus.checkpointsOfAll()).toEqual([])
    expect(home.nexus.checkpoints.nudgeFor(testId.session('s1'))).toBeNull()
    home.events.emit('chat.delta', {
      sessionId: s1,
      turnId: testId.turn('t1'),
      messageId: testId.message(9),
      text: 'Next I will do Porto.'
    })
    toolCall('t1', 'resize_8')
    const [checkpoint] = home.nexus.checkpointsOfAll()
    expect(checkpoint?.summary).toBe(
      'Checkpoint: Resize every album to 1600 px and remember that I like WebP'
    )
    expect(checkpoint?.body).toContain('Done: resize_1, resize_2')
    expect(checkpoint?.body).toContain('Next: the agent last wrote: Next I will do Porto.')
    expect(checkpoint?.body).toContain('Written by Hearth after 8 tool calls without a checkpoint')
    expect(home.nexus.checkpoints.nudgeFor(testId.session('s1'))).toContain(
      'call checkpoint (goal, done, next, open questions)'
    )
    toolCall('t1', 'checkpoint', { goal: 'x' }, true, '{"seq":99}')
    home.nexus.checkpoints.write(testId.agent('ella'), testId.session('s1'), {
      goal: 'Resize',
      done: 'all',
      next: 'upload'
    })
    expect(home.nexus.checkpoints.nudgeFor(testId.session('s1'))).toBeNull()
  })

  it('writes a checkpoint from the compression summary when a turn compressed the session', () => {
    home.db
      .prepare(
        "INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES ('s1', 't1', 'user', 'checkpoint', '[]', 'Resized 40 albums so far', 'complete', 2, 2)"
      )
      .run()
    finish('t1', 'Still going.', { compressed: true })
    const [checkpoint] = home.nexus.checkpointsOfAll()
    expect(checkpoint?.body).toContain('Done: Resized 40 albums so far')
    expect(home.nexus.checkpoints.nudgeFor(testId.session('s1'))).toContain(
      'this conversation was just compressed'
    )
  })

  it('ignores events for sessions it cannot find', () => {
    home.events.emit('chat.finished', {
      sessionId: testId.session('nope'),
      turnId: testId.turn('t'),
      text: '',
      stopReason: 'end_turn',
      usage,
      costUsd: 0,
      calls: [],
      compressed: true
    })
    expect(home.nexus.list({}).total).toBe(0)
  })

  it('records a turn that failed after changing something, and the next turn starts its own tally', () => {
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { turnEntries: 'every' } }))
    toolCall('t1', 'resize_album', { album: 'lisbon' })
    home.events.emit('chat.failed', {
      sessionId: s1,
      turnId: testId.turn('t1'),
      code: 'llm_unavailable',
      message: 'The model API did not answer',
      partialKept: false
    })
    finish('t2', 'Forty photos of trams.')
    expect(turnEntries().map((entry) => entry.summary)).toEqual([
      'Turn failed · Asked “Resize every album to 1600 px and remember that I like WebP” · changed resize_album before it broke off · The model API did not answer',
      'Asked “What is in the Lisbon album?” · no tools · replied: Forty photos of trams.'
    ])
  })
})
