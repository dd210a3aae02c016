import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../node/db/openDatabase'
import { isStampAlive, ownStamp } from '../../node/process/processIdentity'
import type { PromptReport } from '../chatTypes'
import { SessionRepository } from './sessionRepository'
import { SessionSearch } from './sessionSearch'
import { seedConversation } from '../testing/seedConversation'
import { testId } from '../../../shared/testing/ids'

const REPORT: PromptReport = {
  tiers: { stable: 'You are Scribe.', context: '', volatile: '' },
  tierOffsets: { stable: [0, 15] },
  layers: [],
  warnings: [],
  tokens: 4
}

let dir: string
let db: Db
let repo: SessionRepository

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-sessions-'))
  db = openDatabase(join(dir, 'hearth.db'))
  repo = new SessionRepository(db)
  repo.createSession({
    id: testId.session('s1'),
    agentId: testId.agent('scribe'),
    cwd: null,
    model: 'claude-sonnet-5-5',
    provider: 'anthropic',
    platform: 'cli',
    systemPrompt: 'You are Scribe.',
    promptReport: REPORT,
    tools: [],
    toolsHash: 'none',
    nowMs: 10
  })
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('SessionRepository', () => {
  it('keeps messages in order with their content blocks byte-for-byte, including tool input key order', () => {
    repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      role: 'user',
      kind: 'text',
      content: [{ type: 'text', text: 'hi\r\n there' }],
      status: 'complete',
      nowMs: 11
    })
    const input = { zeta: 1, alpha: { b: 2, a: 1 } }
    repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      role: 'assistant',
      kind: 'reply',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'memory', input }],
      status: 'complete',
      nowMs: 12
    })
    const messages = repo.messages(testId.session('s1'))
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[0]?.content).toEqual([{ type: 'text', text: 'hi\r\n there' }])
    expect(JSON.stringify(messages[1]?.content[0])).toBe(
      JSON.stringify({ type: 'tool_use', id: 'toolu_1', name: 'memory', input })
    )
  })

  it('marks rows left streaming by a dead writer as interrupted and keeps their partial text', () => {
    const reply = repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      role: 'assistant',
      kind: 'reply',
      content: [],
      status: 'streaming',
      writer: { pid: 999_999, startedAt: null },
      nowMs: 11
    })
    repo.updateMessage(reply.id, {
      content: [{ type: 'text', text: 'half a sent' }],
      status: 'streaming',
      writer: { pid: 999_999, startedAt: null },
      nowMs: 12
    })
    const live = repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t2'),
      role: 'assistant',
      kind: 'reply',
      content: [],
      status: 'streaming',
      writer: { pid: process.pid, startedAt: null },
      nowMs: 13
    })
    expect(repo.recoverInterrupted((writer) => writer.pid === process.pid, 20)).toBe(1)
    expect(repo.getMessage(reply.id)).toMatchObject({
      status: 'interrupted',
      content: [{ type: 'text', text: 'half a sent' }]
    })
    expect(repo.getMessage(live.id)?.status).toBe('streaming')
  })

  it('names a writer by pid and start time: a pid now used by another process does not keep a reply streaming', () => {
    const self = ownStamp()
    const reused = repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      role: 'assistant',
      kind: 'reply',
      content: [],
      status: 'streaming',
      writer: { pid: process.ppid, startedAt: 'not-its-start' },
      nowMs: 11
    })
    const mine = repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t2'),
      role: 'assistant',
      kind: 'reply',
      content: [],
      status: 'streaming',
      writer: self,
      nowMs: 12
    })
    const recovered = repo.recoverInterrupted(isStampAlive, 20)
    if (self.startedAt === null) return
    expect(recovered).toBe(1)
    expect(repo.getMessage(reused.id)?.status).toBe('interrupted')
    expect(repo.getMessage(mine.id)?.status).toBe('streaming')
  })

  it('keeps every prompt version when the prompt is replaced', () => {
    const after = repo.replacePrompt(testId.session('s1'), {
      text: 'You are Scribe, v2.',
      report: REPORT,
      model: 'claude-opus-5',
      reason: 'model_switched',
      nowMs: 30
    })
    expect(after).toMatchObject({
      promptVersion: 2,
      systemPrompt: 'You are Scribe, v2.',
      model: 'claude-opus-5'
    })
    expect(repo.promptVersion(testId.session('s1'), 1)?.text).toBe('You are Scribe.')
    expect(repo.promptVersion(testId.session('s1'), 2)?.reason).toBe('model_switched')
  })

  it('finds words with BM25, substrings with the trigram index, and treats FTS syntax in queries as text', () => {
    repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t1'),
      role: 'user',
      kind: 'text',
      content: [{ type: 'text', text: 'Deploy the kubernetes cluster on Friday' }],
      status: 'complete',
      nowMs: 11
    })
    repo.appendMessage({
      sessionId: testId.session('s1'),
      turnId: testId.turn('t2'),
      role: 'user',
      kind: 'text',
      content: [{ type: 'text', text: 'unrelated note' }],
      status: 'complete',
      nowMs: 12
    })
    const search = new SessionSearch(db)
    expect(search.search('kubernetes', { limit: 10 }).map((h) => h.snippet)).toEqual([
      'Deploy the [kubernetes] cluster on Friday'
    ])
    expect(search.search('ubernet', { limit: 10 })).toHaveLength(1)
    expect(search.search('"NEAR( OR *', { limit: 10 })).toEqual([])
    expect(search.search('kube', { agentId: testId.agent('someone-else'), limit: 10 })).toEqual([])
  })

  it('seeds a long plain exchange in one go: read as one linear transcript, counted and found by search', () => {
    const s1 = testId.session('s1')
    repo.appendMessage({
      sessionId: s1,
      turnId: testId.turn('t_live'),
      role: 'user',
      kind: 'text',
      content: [{ type: 'text', text: 'one live message' }],
      status: 'complete',
      nowMs: 20
    })
    seedConversation(db, s1, 5, (i) => `seeded line ${i} heron`)

    expect(repo.countMessages()).toBe(6)
    const seeded = repo.allMessages(s1).slice(1)
    expect(seeded.map((m) => [m.turnId, m.role, m.kind, m.status, m.createdAtMs])).toEqual([
      ['t0', 'user', 'text', 'complete', 0],
      ['t0', 'assistant', 'reply', 'complete', 1],
      ['t1', 'user', 'text', 'complete', 2],
      ['t1', 'assistant', 'reply', 'complete', 3],
      ['t2', 'user', 'text', 'complete', 4]
    ])
    expect(seeded[3]?.content).toEqual([{ type: 'text', text: 'seeded line 3 heron' }])
    // Unlinked turns stay on the chosen path, as in a session stored before versions existed.
    expect(repo.messages(s1)).toHaveLength(6)
    expect(new SessionSearch(db).search('heron', { limit: 10 })).toHaveLength(5)
  })
})
