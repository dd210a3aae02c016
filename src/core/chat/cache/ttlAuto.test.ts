import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../../../../tests/fakeAnthropic'
import type { AgentId, SessionDetail, SessionId, TurnId } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'
import { createCore, type Core } from '../../createCore'
import { longSoul, testCatalog } from '../../testing/chatHarness'
import { markerTtls } from '../../testing/requestShape'
import type { ChatService } from '../chatService'
import { limitsFor } from '../pricing'
import type { SessionsService } from '../sessionsService'

const MIN = 60_000
let fake: FakeAnthropic
let core: Core
let home: string

afterEach(async () => {
  core?.dispose()
  await fake?.close()
  if (home) rmSync(home, { recursive: true, force: true })
})

/** A core whose clock is the fake server's, so one `advance` moves the app and the cache together. */
/** The id of the turn at `index` (negative counts from the end); a missing turn fails the test. */
function turnAt(detail: SessionDetail, index: number): TurnId {
  const turn = detail.turns.at(index)
  if (!turn) throw new Error(`The session has no turn at ${index}`)
  return turn.turnId
}

async function start(
  cacheTtl?: '5m' | '1h'
): Promise<{ chat: ChatService; sessions: SessionsService; agentId: AgentId }> {
  fake = await startFakeAnthropic()
  home = mkdtempSync(join(tmpdir(), 'hearth-ttl-'))
  if (cacheTtl) writeFileSync(join(home, 'config.json'), JSON.stringify({ cacheTtl }))
  core = createCore({
    home,
    host: 'cli',
    clock: { now: () => fake.clock.now() },
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url },
    seams: { toolCatalog: testCatalog() }
  })
  const s = core.services
  const agent = s.agents.create('Scribe', testId.agent('scribe'))
  writeFileSync(s.paths.soul(agent.id), longSoul('Scribe'))
  return { chat: s.chat, sessions: s.sessions, agentId: agent.id }
}

/** Turns separated by the given gaps (minutes), all in one session; returns the session id. */
async function turnsWithGaps(
  chat: ChatService,
  agentId: AgentId,
  gapsMinutes: readonly number[]
): Promise<SessionId> {
  let sessionId: SessionId | undefined
  for (const [i, gap] of [0, ...gapsMinutes].entries()) {
    fake.clock.advance(gap * MIN)
    fake.script(`Answer ${i + 1}.`)
    const result = await chat.runTurn({
      text: `Question ${i + 1}`,
      ...(sessionId ? { sessionId } : { agentId })
    })
    sessionId = result.sessionId
  }
  if (sessionId === undefined) throw new Error('No turn ran')
  return sessionId
}

describe('the auto TTL policy against the fake cache', () => {
  it('writes a new conversation at 5m and moves it to 1h on the next call, so it survives a 20-minute break; the Inspector says why', async () => {
    const { chat, sessions, agentId } = await start()
    const sessionId = await turnsWithGaps(chat, agentId, [1, 12, 1, 20])
    const bodies = fake.requests.map((r) => r.body)
    expect(markerTtls(bodies[0])).toEqual(['5m', '5m', '5m'])
    expect(markerTtls(bodies[1])).toEqual(['1h', '1h', '1h'])
    // Moving to 1h costs the dearer price only on what the call adds: the rest is read.
    expect(fake.requests[1]?.usage?.cache_creation.ephemeral_1h_input_tokens).toBeLessThan(200)
    for (const request of fake.requests.slice(1))
      expect(request.usage?.cache_read_input_tokens).toBeGreaterThan(1024)

    const detail = sessions.get(sessionId)
    const inspected = sessions.inspect(sessionId, turnAt(detail, -1))
    const [call] = inspected.calls
    const stable = call?.request.breakpoints.find((b) => b.kind === 'stable')
    expect(stable).toMatchObject({ ttl: '1h' })
    expect(stable?.ttlReason).toMatch(/^auto: 1h, like the conversation after it/)
    expect(call?.request.breakpoints.find((b) => b.kind === 'newest')?.ttlReason).toMatch(
      /^auto: 1h — 2 of the last 4 gaps between turns were 5–60 min.*costs less than re-writing ≈\d+ after a pause/
    )
    const first = sessions.inspect(sessionId, turnAt(detail, 0)).calls[0]
    expect(first?.request.breakpoints.find((b) => b.kind === 'newest')?.ttlReason).toMatch(
      /^auto: 5m — the conversation is new, so it is written again at the cheaper price/
    )

    // The call wrote at the 1-hour price, and its cost counts each TTL's price.
    const recorded = core.internals.chatStores.calls.forSession(sessionId).at(-1)
    const u = recorded?.usage
    expect(u?.cache_write_1h).toBeGreaterThan(0)
    const prices = limitsFor(recorded?.model ?? '').prices
    const dollars = u
      ? u.input_tokens * prices.input +
        u.cache_write_5m * prices.cacheWrite5m +
        u.cache_write_1h * prices.cacheWrite1h +
        u.cache_read_input_tokens * prices.cacheRead +
        u.output_tokens * prices.output
      : NaN
    expect(recorded?.costUsd).toBeCloseTo(dollars / 1_000_000, 12)
  })

  it('after an absence of over an hour writes the conversation again at 5m, and the next quick turn takes it back to 1h', async () => {
    const { chat, agentId } = await start()
    await turnsWithGaps(chat, agentId, [1, 12, 1, 90, 1])
    const [back, next] = fake.requests.slice(-2)
    expect(markerTtls(back?.body)).toEqual(['5m', '5m', '5m'])
    expect(back?.usage?.cache_read_input_tokens).toBe(0)
    expect(back?.usage?.cache_creation.ephemeral_5m_input_tokens).toBeGreaterThan(1024)
    expect(markerTtls(next?.body)).toEqual(['1h', '1h', '1h'])
    expect(next?.usage?.cache_read_input_tokens).toBeGreaterThan(1024)
    expect(next?.usage?.cache_creation.ephemeral_1h_input_tokens).toBeLessThan(200)
  })

  it('keeps an explicit 5m setting even with pauses, and the stable prefix is written again after the break', async () => {
    const { chat, agentId } = await start('5m')
    await turnsWithGaps(chat, agentId, [1, 12, 1, 20])
    expect(fake.requests.every((r) => markerTtls(r.body).every((ttl) => ttl === '5m'))).toBe(true)
    expect(fake.requests.at(-1)?.usage?.cache_read_input_tokens).toBe(0)
  })
})
