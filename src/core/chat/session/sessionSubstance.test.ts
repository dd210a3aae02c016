import { describe, expect, it } from 'vitest'
import { testId } from '../../../shared/testing/ids'
import type { StoredMessage } from '../chatTypes'
import { insubstantialReason } from './sessionSubstance'

let next = 1
function message(partial: Partial<StoredMessage> & Pick<StoredMessage, 'role' | 'kind'>): StoredMessage {
  return {
    id: testId.message(next++),
    sessionId: testId.session('s1'),
    turnId: testId.turn('t1'),
    content: [],
    status: 'complete',
    error: null,
    inContext: true,
    usage: null,
    createdAtMs: 1,
    ...partial
  }
}
const user = (text: string): StoredMessage =>
  message({ role: 'user', kind: 'text', content: [{ type: 'text', text }] })
const reply = (text: string, status: StoredMessage['status'] = 'complete'): StoredMessage =>
  message({ role: 'assistant', kind: 'reply', status, content: text ? [{ type: 'text', text }] : [] })

describe('whether a chat closing on its own is worth reading for memories', () => {
  it('is not when nothing was said, or the model never answered or only failed', () => {
    expect(insubstantialReason([], 60)).toBe('nothing was said in it')
    expect(insubstantialReason([user('Where are the release notes?')], 60)).toBe(
      'the model never answered in it'
    )
    expect(
      insubstantialReason([user('Where are the release notes?'), reply('They are in', 'error')], 60)
    ).toBe('the model only failed in it, it never answered')
  })

  it('is not when shorter than the configured size, the user’s words and replies together', () => {
    expect(insubstantialReason([user('Hi'), reply('Hello! How can I help?')], 60)).toBe(
      'it is shorter than 60 characters (Settings → Retention)'
    )
    expect(insubstantialReason([user('Hi'), reply('Hello! How can I help?')], 0)).toBeNull()
  })

  it('is when the model answered (or was stopped after some text) and it is long enough', () => {
    const said = user('We ship releases on Tuesdays and keep the notes in docs/release.md.')
    expect(insubstantialReason([said, reply('Noted.')], 60)).toBeNull()
    expect(insubstantialReason([said, reply('Noted, Tuesdays', 'partial')], 60)).toBeNull()
  })
})
