import { describe, expect, it } from 'vitest'
import { systemBlocksOf } from '../../../tests/fakeAnthropic'
import { useFakeModelCore } from '../../../tests/helpers/fakeModelCore'
import { heuristicTitle } from './chatTitle'
import { testId } from '../../shared/testing/ids'

const world = useFakeModelCore()

describe('a generated title after the first exchange', () => {
  it('keeps the first sentence’s words, without greetings, openers, markdown or code', () => {
    expect(heuristicTitle('Hi! Can you please help me plan the tomato beds for spring? Thanks')).toBe(
      'Plan the tomato beds for spring?'
    )
    expect(heuristicTitle('## Fix the **flaky** test in `auth.ts`\n\nIt fails on CI.')).toBe(
      'Fix the flaky test'
    )
    expect(heuristicTitle('hello')).toBeNull()
    expect(heuristicTitle('Hello there')).toBeNull()
    expect(heuristicTitle('Hi there! Good morning, what is a monad?')).toBe('What is a monad?')
    // A greeting by name is not the subject: "Hi Ella!" is not a chat about Ella.
    expect(heuristicTitle('Hi Ella! Can you plan the spring sowing?')).toBe('Plan the spring sowing?')
    expect(heuristicTitle('Hello Ada Lovelace, what is a monad?')).toBe('What is a monad?')
    expect(heuristicTitle('Hi Ella!')).toBeNull()
    expect(heuristicTitle('Thereabouts of the old mill')).toBe('Thereabouts of the old mill')
    expect(heuristicTitle('```\nconst a = 1\n```')).toBeNull()
    expect(heuristicTitle('See [the docs](https://example.com) about caching')).toBe(
      'See the docs about caching'
    )
  })

  it('replaces the cut-off first message once the first reply is in, never a name the user gave', async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    world.fake.script('Sure.', 'Again.', 'Third.')
    const first = await core.services.chat.runTurn({
      agentId: testId.agent('scribe'),
      text: 'Hey, could you plan the tomato beds for the spring season this year?'
    })
    const titled = core.services.sessions.get(first.sessionId)
    expect([titled.title, titled.titleSource]).toEqual(['Plan the tomato beds for the spring', 'generated'])
    // The title goes nowhere near the model: the second request starts with the same bytes.
    await core.services.chat.runTurn({ sessionId: first.sessionId, text: 'and the roses?' })
    const systemTexts = world.fake.requests.map((request) =>
      systemBlocksOf(request.body).map((block) => block.text)
    )
    expect(systemTexts[1]).toEqual(systemTexts[0])

    const named = await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'a second chat' })
    core.services.chatLibrary.rename(named.sessionId, 'Mine')
    expect(core.services.chatLibrary.applyGeneratedTitle(named.sessionId, 'Other')).toBe(false)
    expect(core.services.sessions.get(named.sessionId).title).toBe('Mine')
  })
})
