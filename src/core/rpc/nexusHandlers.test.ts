import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../createCore'
import { dispatch } from './dispatch'
import { payloadsOf } from '../testing/emittedEvents'

describe('nexus.* over the contract', () => {
  let dir: string
  let core: Core
  const events: { event: string; payload: unknown }[] = []
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-nexus-rpc-'))
    core = createCore({ home: dir, host: 'electron' })
    events.length = 0
    core.subscribe((event, payload) => events.push({ event, payload }))
  })
  afterEach(() => {
    core.dispose()
    rmSync(dir, { recursive: true, force: true })
  })
  const call = (method: string, input: unknown) => dispatch(core.handlers, { method, input })

  it('posts from the desktop channel, lists with filters, verifies and announces appends', async () => {
    const posted = await call('nexus.post', {
      agent: 'ella',
      type: 'decision',
      summary: 'Keep SQLite',
      rationale: 'One file'
    })
    expect(posted).toMatchObject({
      ok: true,
      value: { entry: { seq: 1, channel: 'desktop' }, conflicts: [] }
    })
    await call('nexus.post', {
      agent: 'lyra',
      type: 'decision',
      summary: 'Keep SQLite files',
      rationale: 'One file'
    })
    expect(await call('nexus.list', { agent: 'lyra' })).toMatchObject({
      ok: true,
      value: { total: 1, entries: [{ seq: 2 }] }
    })
    expect(await call('nexus.verify', {})).toEqual({
      ok: true,
      value: { ok: true, count: 2, firstBadSeq: null, problems: [] }
    })
    // The app's own check goes on from that one, and says so.
    expect(await call('nexus.verify', { resume: true })).toMatchObject({
      ok: true,
      value: { ok: true, count: 2, resumedAfter: 2 }
    })
    expect(await call('nexus.decisions', {})).toMatchObject({
      ok: true,
      value: { entries: [{ seq: 1 }, { seq: 2 }] }
    })
    expect(payloadsOf(events, 'nexus.appended').map((p) => p.entries[0]?.seq)).toEqual([1, 2])
  })

  it('lists conflicts and resolves them with a resolution entry by the user', async () => {
    await call('nexus.post', {
      agent: 'ella',
      type: 'decision',
      summary: 'Store dates as UTC timestamps',
      rationale: 'travel'
    })
    await call('nexus.post', {
      agent: 'lyra',
      type: 'decision',
      summary: 'Store dates as local timestamps, not UTC',
      rationale: 'travel'
    })
    expect(await call('nexus.conflicts', {})).toMatchObject({
      ok: true,
      value: { conflicts: [{ first: { seq: 1 }, second: { seq: 2 } }], total: 1, next: null }
    })
    expect(await call('nexus.resolve', { first: 1, second: 2, summary: 'UTC wins' })).toMatchObject({
      ok: true,
      value: { entry: { type: 'resolution', agent: 'user', refs: [1, 2] } }
    })
    expect(await call('nexus.conflicts', {})).toEqual({
      ok: true,
      value: { conflicts: [], total: 0, next: null }
    })
    expect(await call('nexus.conflicts', { includeResolved: true, limit: 1 })).toMatchObject({
      ok: true,
      value: { conflicts: [{ resolvedBy: 3 }], total: 1, next: null }
    })
    expect(await call('nexus.conflicts', { limit: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })

  it('saves project state with a state entry and refuses stale saves with conflict', async () => {
    const read = await call('nexus.projectState.read', {})
    if (!read.ok) throw new Error('read failed')
    const base = (read.value as { hash: string }).hash
    const saved = await call('nexus.projectState.save', { content: '# State\n', baseHash: base })
    expect(saved).toMatchObject({ ok: true, value: { content: '# State\n', entry: { type: 'state' } } })
    expect(await call('nexus.projectState.save', { content: 'other', baseHash: base })).toMatchObject({
      ok: false,
      error: { code: 'conflict' }
    })
    expect(await call('nexus.checkpoints', {})).toEqual({ ok: true, value: { entries: [] } })
    expect(await call('nexus.watch', {})).toEqual({ ok: true, value: { watching: true, tailSeq: 1 } })
  })

  it('reports read cursors and unread counts per author', async () => {
    await call('nexus.post', { agent: 'ella', type: 'turn', summary: 'Parser done' })
    await call('nexus.post', { agent: 'lyra', type: 'turn', summary: 'Tests done' })
    core.internals.nexus.repository.advanceCursor('ella', 1)
    expect(await call('nexus.cursors', { agents: ['ella', 'lyra', 'claude-code'] })).toMatchObject({
      ok: true,
      value: {
        cursors: [
          { agent: 'ella', seq: 1, unread: 1 },
          { agent: 'lyra', seq: 0, unread: 1, updatedAt: null },
          { agent: 'claude-code', seq: 0, unread: 2 }
        ]
      }
    })
    expect(await call('nexus.cursors', { agents: ['Not An Author'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })

  it('rejects bad input with the field named', async () => {
    expect(await call('nexus.post', { agent: 'ella', type: 'turn', summary: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^summary:/) }
    })
    expect(await call('nexus.list', { limit: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^limit:/) }
    })
  })
})
