import { describe, expect, expectTypeOf, it } from 'vitest'
import { AgentId, SessionId, TurnId } from '../../shared/contract'
import type { SessionsService } from '../chat/sessionsService'
import type { MemoryService } from '../memory/memoryService'
import type { Transcripts } from '../ports/transcripts'
import type { AgentService } from '../services/agentService'
import { newSessionId, newTurnId, ownId } from './ids'

/** Stand-ins for core signatures that take one kind of id. */
const agentOnly = (id: AgentId): AgentId => id
const sessionOnly = (id: SessionId): SessionId => id
const turnOnly = (id: TurnId): TurnId => id

describe('branded ids', () => {
  it('keep one kind of id out of a signature that takes another, and plain strings out of all', () => {
    const agent = ownId.agent('ada')
    const session = newSessionId()
    const turn = newTurnId()
    expect([agentOnly(agent), sessionOnly(session), turnOnly(turn)]).toEqual([agent, session, turn])
    // @ts-expect-error a turn id is not a session id
    sessionOnly(turn)
    // @ts-expect-error a session id is not a turn id
    turnOnly(session)
    // @ts-expect-error an agent id is not a session id
    sessionOnly(agent)
    // @ts-expect-error a session id is not an agent id
    agentOnly(session)
    // @ts-expect-error a plain string reaches a core signature only through a schema or ownId
    sessionOnly('s_1')
    // @ts-expect-error the same for an agent id
    agentOnly('ada')
    expectTypeOf<Parameters<SessionsService['get']>[0]>().toEqualTypeOf<SessionId>()
    expectTypeOf<Parameters<SessionsService['inspect']>>().toEqualTypeOf<[SessionId, TurnId]>()
    expectTypeOf<string>().not.toExtend<SessionId>()
    expectTypeOf<SessionId>().toExtend<string>()
  })

  it("take agent ids in the core's own signatures, and hand them back branded", () => {
    expectTypeOf<AgentService['get']>().toBeCallableWith(ownId.agent('ada'))
    // @ts-expect-error a plain string is refused by a core signature that takes an agent id
    expectTypeOf<AgentService['get']>().toBeCallableWith('ada')
    // @ts-expect-error nor does a session id pass for one
    expectTypeOf<MemoryService['show']>().toBeCallableWith(newSessionId(), 'memory')
    expectTypeOf<Parameters<MemoryService['search']>[0]>().toEqualTypeOf<AgentId>()
    expectTypeOf<ReturnType<Transcripts['agentOf']>>().toEqualTypeOf<AgentId | undefined>()
    expectTypeOf<string>().not.toExtend<AgentId>()
    expectTypeOf<AgentId>().not.toExtend<SessionId>()
    expectTypeOf<SessionId>().not.toExtend<AgentId>()
  })

  it('brand what the schemas parse and what the core makes, without changing the value', () => {
    expectTypeOf(AgentId.parse('ada')).toEqualTypeOf<AgentId>()
    expectTypeOf(SessionId.parse('s_1')).toEqualTypeOf<SessionId>()
    expectTypeOf(TurnId.parse('t_1')).toEqualTypeOf<TurnId>()
    expect(newSessionId()).toMatch(/^s_[0-9a-f-]{36}$/)
    expect(newTurnId()).toMatch(/^t_[0-9a-f-]{36}$/)
    expect(newSessionId()).not.toBe(newSessionId())
    expect([ownId.session('s_1'), ownId.turn('t_1'), ownId.agent('ada')]).toEqual(['s_1', 't_1', 'ada'])
    expect(SessionId.safeParse(newSessionId()).success).toBe(true)
    expect(AgentId.parse('ada')).toBe(ownId.agent('ada'))
  })
})
