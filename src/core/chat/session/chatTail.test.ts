import { afterEach, describe, expect, it } from 'vitest'
import type { SessionDetail } from '../../../shared/contract/sessions'
import type { SessionId } from '../../../shared/contract'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'
import { tailTurns } from './sessionViews'

let harness: ChatHarness
afterEach(async () => {
  await harness?.close()
})

/** The tail `get` would have cut from the whole chat: what a read of the tail alone must equal. */
function cutFromWhole(whole: SessionDetail, tail: number): SessionDetail {
  const { shown, earlierTurns } = tailTurns(whole.messages, tail)
  return { ...whole, messages: [...shown], earlierTurns }
}

async function failingTurn(sessionId: SessionId, text: string): Promise<void> {
  harness.fake.fault({ kind: 'stream_error', errorType: 'overloaded_error', afterDeltas: 1 })
  harness.fake.script('A reply that breaks off after its first words, every time.')
  const started = await harness.chat.start({ sessionId, text })
  await started.done.catch(() => undefined)
}

describe('a chat read on its tail alone', () => {
  it('shows what cutting the whole chat shows: its turns, versions, earlier turns and the failed turn', async () => {
    harness = await startChatHarness()
    harness.fake.script('One.', 'Two.', 'Three.')
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'first' })
    const { sessionId } = first
    const second = await harness.chat.runTurn({ sessionId, text: 'second' })
    await harness.chat.runTurn({ sessionId, text: 'third' })
    // A version of the second turn (an edit), then the chat goes on from it.
    harness.fake.script('Two, edited.', 'Four.', 'Five.')
    await (
      await harness.chat.edit({ sessionId, turnId: second.turnId, text: 'second, edited' })
    ).done
    await harness.chat.runTurn({ sessionId, text: 'fourth' })
    await harness.chat.runTurn({ sessionId, text: 'fifth' })
    await failingTurn(sessionId, 'sixth')
    const whole = harness.sessions.get(sessionId)
    expect(whole.versions).toHaveLength(1)
    expect(whole.retry).not.toBeNull()
    for (const tail of [1, 2, 3, 5, 8, 100]) {
      const read = harness.sessions.get(sessionId, tail)
      expect(read, `tail ${tail}`).toEqual(cutFromWhole(whole, tail))
    }
    expect(harness.sessions.get(sessionId, 2).earlierTurns).toBeGreaterThan(0)
  })
})
