import { describe, expect, it } from 'vitest'
import { AgentId, SessionId, TurnId } from './ids'

describe('id schemas', () => {
  it('accept the ids the core makes and hand them back unchanged', () => {
    expect(AgentId.parse('ada-2')).toBe('ada-2')
    expect(SessionId.parse('s_0f9c')).toBe('s_0f9c')
    expect(TurnId.parse('t_0f9c')).toBe('t_0f9c')
  })

  it('refuse a bad agent id with a message that names it, cut short', () => {
    expect(AgentId.safeParse('../etc').error?.issues[0]?.message).toBe(
      '"../etc" is not a valid agent id (1–64 lowercase letters, digits or dashes, starting with a letter or digit)'
    )
    const long = AgentId.safeParse('A'.repeat(100)).error?.issues[0]?.message
    expect(long).toMatch(/^"A{40}…" is not a valid agent id/)
    expect(AgentId.safeParse('Ada').success).toBe(false)
    expect(AgentId.safeParse(7).success).toBe(false)
  })

  it('refuse empty, over-long and non-string session and turn ids', () => {
    for (const schema of [SessionId, TurnId]) {
      expect(schema.safeParse('').success).toBe(false)
      expect(schema.safeParse('x'.repeat(101)).success).toBe(false)
      expect(schema.safeParse(null).success).toBe(false)
    }
  })
})
