import { describe, expect, expectTypeOf, it } from 'vitest'
import { SessionId, TurnId } from '../../shared/contract'
import type { SessionsService } from '../chat/sessionsService'
import { newSessionId, newTurnId, ownId } from './ids'

/** Stand-ins for core signatures that take one kind of id. */
const sessionOnly = (id: SessionId): SessionId => id
const turnOnly = (id: TurnId): TurnId => id

describe('branded ids', () => {
  it('keep one kind of id out of a signature that takes another, and plain strings out of all', () => {
    const session = newSessionId()
    const turn = newTurnId()
    expect([sessionOnly(session), turnOnly(turn)]).toEqual([session, turn])
    // @ts-expect-error a turn id is not a session id
    sessionOnly(turn)
    // @ts-expect-error a session id is not a turn id
    turnOnly(session)
    // @ts-expect-error a plain string reaches a core signature only through a schema or ownId
    sessionOnly('s_1')
    expectTypeOf<Parameters<SessionsService['get']>[0]>().toEqualTypeOf<SessionId>()
    expectTypeOf<Parameters<SessionsService['inspect']>>().toEqualTypeOf<[SessionId, TurnId]>()
    expectTypeOf<string>().not.toExtend<SessionId>()
    expectTypeOf<SessionId>().toExtend<string>()
  })

  it('brand what the schemas parse and what the core makes, without changing the value', () => {
    expectTypeOf(SessionId.parse('s_1')).toEqualTypeOf<SessionId>()
    expectTypeOf(TurnId.parse('t_1')).toEqualTypeOf<TurnId>()
    expect(newSessionId()).toMatch(/^s_[0-9a-f-]{36}$/)
    expect(newTurnId()).toMatch(/^t_[0-9a-f-]{36}$/)
    expect(newSessionId()).not.toBe(newSessionId())
    expect([ownId.session('s_1'), ownId.turn('t_1'), ownId.agent('ada')]).toEqual(['s_1', 't_1', 'ada'])
    expect(SessionId.safeParse(newSessionId()).success).toBe(true)
  })
})
