import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { openNexusTestHome, type NexusTestHome } from './nexusTestHome'

describe('checkpoints from chat events', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
    home.db
      .prepare(
        `INSERT INTO sessions (id, agent_id, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, title, started_at, updated_at)
         VALUES ('s1', 'ella', 'm', 'anthropic', 'desktop', '', '{}', '[]', '', 'Albums', 1, 1)`
      )
      .run()
    home.db
      .prepare(
        "INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES ('s1', 't1', 'user', 'text', '[]', 'Resize every album', 'complete', 1, 1)"
      )
      .run()
  })
  afterEach(() => home.dispose())

  function toolCall(phase: 'started' | 'finished', name: string): void {
    home.events.emit('chat.toolCall', {
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      toolUseId: name,
      name,
      displayName: name,
      input: {},
      phase,
      ok: true,
      result: '{}'
    })
  }

  /** A turn's chat.finished as the engine emits it (the watcher reads the session and `compressed`). */
  function finished(sessionId: string, turnId: string, compressed: boolean): void {
    home.events.emit('chat.finished', {
      sessionId: testId.session(sessionId),
      turnId: testId.turn(turnId),
      text: 'Done.',
      stopReason: 'end_turn',
      usage: {
        input_tokens: 1,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0
      },
      costUsd: 0,
      calls: [],
      compressed
    })
  }

  it('appends a checkpoint every 8 finished tool calls of a turn, labelled with the request', () => {
    for (let i = 1; i <= 7; i++) {
      toolCall('started', `resize_${i}`)
      toolCall('finished', `resize_${i}`)
    }
    expect(home.nexus.checkpoints()).toEqual([])
    toolCall('finished', 'resize_8')
    expect(home.nexus.checkpoints()).toMatchObject([
      { agent: 'ella', type: 'checkpoint', summary: 'Checkpoint after 8 tool calls: Resize every album' }
    ])
    expect(home.nexus.checkpoints()[0]?.body).toContain('Recent tools: resize_1, resize_2')
  })

  it('appends a checkpoint with the compression summary when a turn compressed the session', () => {
    home.db
      .prepare(
        "INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES ('s1', 't1', 'user', 'checkpoint', '[]', 'Resized 40 albums so far', 'complete', 2, 2)"
      )
      .run()
    finished('s1', 't1', true)
    finished('s1', 't2', false)
    expect(home.nexus.checkpoints().map((entry) => entry.summary)).toEqual([
      'Checkpoint at compression: Resized 40 albums so far'
    ])
  })

  it('ignores events for sessions it cannot find', () => {
    finished('nope', 't', true)
    expect(home.nexus.list({}).total).toBe(0)
  })
})
