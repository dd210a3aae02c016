import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../node/db/openDatabase'
import { writeBypassingChecks } from '../../testing/damagedRows'
import { plainSession } from '../../testing/plainSession'
import { CallRepository } from './callRepository'
import { SessionRepository } from './sessionRepository'
import { testId } from '../../../shared/testing/ids'

let dir: string
let db: Db
let sessions: SessionRepository

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-chat-rows-'))
  db = openDatabase(join(dir, 'hearth.db'))
  sessions = new SessionRepository(db)
  sessions.createSession(plainSession(testId.session('s1'), testId.agent('scribe'), 'You are Scribe.', 10))
  sessions.appendMessage({
    sessionId: testId.session('s1'),
    turnId: testId.turn('t1'),
    role: 'user',
    kind: 'text',
    content: [{ type: 'text', text: 'hello' }],
    status: 'complete',
    nowMs: 11
  })
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A call of turn t1 in session s1, still streaming. */
function startCall(calls: CallRepository): number {
  return calls.start({
    sessionId: testId.session('s1'),
    turnId: testId.turn('t1'),
    iteration: 0,
    purpose: 'turn',
    model: 'claude-sonnet-5-5',
    promptVersion: 1,
    recipe: { maxTokens: 100, ttl: '5m', messageIds: [], context: [], contextMessageId: null },
    sections: {
      model: 'claude-sonnet-5-5',
      toolsHash: 'none',
      systemHash: 'h',
      promptVersion: 1,
      breakpoints: [],
      estimatedTotalTokens: 10
    },
    nowMs: 12
  })
}

describe("a damaged row of chat's tables", () => {
  it('names the session column whose value is outside the contract', () => {
    writeBypassingChecks(db, "UPDATE sessions SET title_source = 'guessed' WHERE id = 's1'")
    expect(() => sessions.getSession(testId.session('s1'))).toThrow(
      'A stored row of sessions is damaged (title_source: "guessed" is not one of first-message, generated, user)'
    )
    expect(() => sessions.listSessions({ limit: 10 })).toThrow(/sessions is damaged \(title_source:/)
  })

  it('names a message whose role or content cannot be read, instead of showing a wrong transcript', () => {
    writeBypassingChecks(db, "UPDATE messages SET role = 'system' WHERE session_id = 's1'")
    expect(() => sessions.messages(testId.session('s1'))).toThrow(
      'A stored row of messages is damaged (role: "system" is not one of user, assistant)'
    )
    db.prepare("UPDATE messages SET role = 'user', content = '[{\"type\":' WHERE session_id = 's1'").run()
    expect(() => sessions.allMessages(testId.session('s1'))).toThrow(
      'A stored row of messages is damaged (content: not valid JSON)'
    )
  })

  it('names a turn version whose origin is unknown', () => {
    writeBypassingChecks(db, "UPDATE turn_versions SET origin = 'merge' WHERE turn_id = 't1'")
    expect(() => sessions.messages(testId.session('s1'))).toThrow(
      'A stored row of turn_versions is damaged (origin: "merge" is not one of send, regenerate, edit)'
    )
  })

  it("names a call's miss reason that this build does not know", () => {
    const calls = new CallRepository(db)
    const id = startCall(calls)
    expect(calls.get(id)?.status).toBe('streaming')
    db.prepare("UPDATE api_calls SET miss_reason = 'sunspots' WHERE id = ?").run(id)
    expect(() => calls.forSession(testId.session('s1'))).toThrow(
      /api_calls is damaged \(miss_reason: "sunspots" is not one of/
    )
    expect(() => calls.resultsForSession(testId.session('s1'))).toThrow(
      /api_calls is damaged \(miss_reason: "sunspots" is not one of/
    )
  })

  it('reads what a chat shows of its calls as the whole records say it', () => {
    const calls = new CallRepository(db)
    const id = startCall(calls)
    calls.finish(id, {
      status: 'ok',
      error: null,
      usage: {
        input_tokens: 7,
        output_tokens: 3,
        cache_creation_input_tokens: 40,
        cache_read_input_tokens: 900,
        cache_write_5m: 10,
        cache_write_1h: 30
      },
      expectedRead: 900,
      missReason: null,
      costUsd: 0.25,
      nowMs: 20
    })
    const [whole] = calls.forSession(testId.session('s1'))
    expect(calls.resultsForSession(testId.session('s1'))).toEqual([
      {
        id: whole?.id,
        turnId: whole?.turnId,
        status: 'ok',
        error: null,
        usage: whole?.usage,
        missReason: null,
        costUsd: 0.25
      }
    ])
    expect(whole?.usage).toMatchObject({
      input_tokens: 7,
      cache_creation_input_tokens: 40,
      cache_read_input_tokens: 900
    })
  })
})
