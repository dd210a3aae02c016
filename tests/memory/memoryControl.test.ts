import { readFileSync, writeFileSync } from 'node:fs'
import { beforeEach, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/core/rpc/dispatch'
import { blocksOf, type SentBody } from '../fakeAnthropic'
import { insertApprovedFact } from '../helpers/facts'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { testId } from '../../src/shared/testing/ids'

const SCRIBE = testId.agent('scribe')

const harness = useFakeModelCore()

beforeEach(() => {
  harness.open({ agent: ['Scribe', 'scribe'] })
})

function modelCalls(): (SentBody | undefined)[] {
  return harness.fake.requests.filter((r) => r.path === '/v1/messages').map((r) => r.body)
}

/** The text blocks of the user message of the n-th model call (the fences ride on it). */
function lastUserText(call: number): string {
  const message = modelCalls()[call]?.messages.at(-1)
  return blocksOf(message)
    .map((block) => block.text ?? '')
    .join('\n')
}

/** The tool result the model got back for the memory call of the previous request. */
function toolResultSentBack(call: number): Record<string, unknown> {
  const block = blocksOf(modelCalls()[call]?.messages.at(-1)).find((b) => b.type === 'tool_result')
  const content = block?.content
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((c) => c.text ?? '').join('')
        : ''
  return JSON.parse(text) as Record<string, unknown>
}

const approvedFact = (text: string): number => insertApprovedFact(harness.core, SCRIBE, text)

describe('Forget: a forgotten fact is no longer recalled in a real turn', () => {
  it('drops out of the recall fence, and comes back once restored', async () => {
    const staging = approvedFact('The staging cluster runs in Frankfurt')
    approvedFact('The staging cluster is rebuilt every Monday')
    harness.fake.script('Frankfurt.', 'On Mondays.', 'Frankfurt again.')
    const first = await harness.core.services.chat.runTurn({
      agentId: SCRIBE,
      text: 'Tell me about the staging cluster.'
    })
    expect(lastUserText(0)).toContain('- The staging cluster runs in Frankfurt')

    expect(
      await dispatch(harness.core.handlers, { method: 'memories.forgetFact', input: { id: staging } })
    ).toMatchObject({ ok: true, value: { fact: { status: 'forgotten' } } })
    await harness.core.services.chat.runTurn({
      sessionId: first.sessionId,
      text: 'Tell me about the staging cluster again.'
    })
    expect(lastUserText(1)).toContain('- The staging cluster is rebuilt every Monday')
    expect(lastUserText(1)).not.toContain('Frankfurt')
    expect(harness.core.services.memory.factHistory(staging).map((event) => event.kind)).toEqual([
      'created',
      'forgotten'
    ])

    await dispatch(harness.core.handlers, { method: 'memories.restoreFact', input: { id: staging } })
    await harness.core.services.chat.runTurn({
      sessionId: first.sessionId,
      text: 'And the staging cluster once more?'
    })
    expect(lastUserText(2)).toContain('- The staging cluster runs in Frankfurt')
  })
})

describe('"Ask me first": memory-tool writes wait in Review', () => {
  beforeEach(async () => {
    await harness.core.services.settings.update({ memory: { agentWrites: 'ask' } })
  })

  it('writes nothing, tells the model the write awaits approval, and makes it (with a receipt) once approved', async () => {
    const memoryPath = harness.core.services.paths.memory(SCRIBE)
    writeFileSync(memoryPath, 'The user writes Go')
    harness.fake.script(
      {
        toolUses: [
          { name: 'memory', input: { action: 'add', target: 'memory', content: 'The user drinks tea' } }
        ]
      },
      'I asked you to approve that.'
    )
    const turn = await harness.core.services.chat.runTurn({
      agentId: SCRIBE,
      text: 'I drink tea, remember that.'
    })

    const told = toolResultSentBack(1)
    expect(told).toMatchObject({ success: true, pending_approval: true, target: 'memory' })
    expect(String(told.message)).toMatch(
      /^Not saved yet: the user reviews memory writes before they are made\..*do not say it was saved/
    )
    expect(readFileSync(memoryPath, 'utf8')).toBe('The user writes Go')
    expect(harness.core.services.memory.sessionReceipts(turn.sessionId)).toEqual([])

    const [candidate] = harness.core.services.memory.reviewPage({ agentId: SCRIBE }).facts
    expect(candidate).toMatchObject({
      id: told.candidate_id,
      origin: 'tool',
      status: 'pending',
      speaker: 'agent',
      text: 'The user drinks tea',
      sessionId: turn.sessionId,
      toolWrite: {
        target: 'memory',
        operations: [{ action: 'add', content: 'The user drinks tea' }],
        changes: [{ action: 'add', before: null, after: 'The user drinks tea' }]
      }
    })

    const approved = await dispatch(harness.core.handlers, {
      method: 'review.approve',
      input: { id: candidate?.id }
    })
    expect(approved).toMatchObject({ ok: true, value: { candidate: { status: 'approved' } } })
    expect(readFileSync(memoryPath, 'utf8')).toBe('The user writes Go\n§\nThe user drinks tea')
    const [receipt] = harness.core.services.memory.sessionReceipts(turn.sessionId)
    expect(receipt).toMatchObject({
      origin: 'tool',
      undoable: true,
      changes: [{ action: 'add', after: 'The user drinks tea' }]
    })
    // Approved writes live in MEMORY.md, which the next prompt carries; recall does not repeat them.
    expect(await harness.core.services.memory.search(SCRIBE, 'tea', 5)).toEqual([])
    await harness.core.services.memory.undoWrite(receipt?.id ?? 0)
    expect(readFileSync(memoryPath, 'utf8')).toBe('The user writes Go')
  })

  it('a rejected write is never made, and the rejection can be undone', async () => {
    harness.fake.script(
      {
        toolUses: [
          { name: 'memory', input: { action: 'add', target: 'user', content: 'The user is called Ada' } }
        ]
      },
      'Waiting for you.'
    )
    await harness.core.services.chat.runTurn({ agentId: SCRIBE, text: 'My name is Ada.' })
    const [candidate] = harness.core.services.memory.reviewPage({}).facts
    const id = candidate?.id ?? 0
    harness.core.services.memory.rejectCandidate(id)
    expect(readFileSync(harness.core.services.paths.user, 'utf8')).not.toContain('Ada')
    expect(harness.core.services.memory.restoreCandidate(id)).toMatchObject({ status: 'pending' })
    expect(
      await harness.core.services.memory.approveCandidate(id, 'The user is called Ada Lovelace')
    ).toMatchObject({ status: 'approved', text: 'The user is called Ada Lovelace' })
    expect(readFileSync(harness.core.services.paths.user, 'utf8')).toContain(
      'The user is called Ada Lovelace'
    )
  })

  it('a write that no longer fits the file is refused on approval and keeps waiting', async () => {
    const memoryPath = harness.core.services.paths.memory(SCRIBE)
    writeFileSync(memoryPath, 'Old note about Fridays')
    harness.fake.script(
      { toolUses: [{ name: 'memory', input: { action: 'remove', target: 'memory', old_text: 'Fridays' } }] },
      'Asked.'
    )
    await harness.core.services.chat.runTurn({
      agentId: SCRIBE,
      text: 'Forget the Fridays note.'
    })
    const [candidate] = harness.core.services.memory.reviewPage({}).facts
    expect(candidate?.text).toBe('Remove: Old note about Fridays')
    await expect(
      harness.core.services.memory.approveCandidate(candidate?.id ?? 0, 'Something else')
    ).rejects.toThrow(/removes an entry; approve or reject it as it is/)
    writeFileSync(memoryPath, 'Rewritten by hand')
    await expect(harness.core.services.memory.approveCandidate(candidate?.id ?? 0)).rejects.toThrow(
      "The memory write of candidate 1 could not be made: No entry contains 'Fridays'. The candidate is still waiting."
    )
    expect(harness.core.services.memory.reviewPage({}).facts).toMatchObject([
      { id: candidate?.id, status: 'pending' }
    ])
    expect(readFileSync(memoryPath, 'utf8')).toBe('Rewritten by hand')
  })

  it('a request the file cannot take is refused to the model at once, with no candidate', async () => {
    harness.fake.script(
      {
        toolUses: [
          { name: 'memory', input: { action: 'remove', target: 'memory', old_text: 'nothing like this' } }
        ]
      },
      'Sorry.'
    )
    await harness.core.services.chat.runTurn({
      agentId: SCRIBE,
      text: 'Remove the note about nothing.'
    })
    expect(toolResultSentBack(1)).toMatchObject({
      success: false,
      error: expect.stringContaining("No entry contains 'nothing like this'")
    })
    expect(harness.core.services.memory.reviewPage({}).facts).toEqual([])
  })
})

describe('the Memories contract refuses what it cannot serve', () => {
  it('names outside memories/, unknown agents and unknown facts get a clear, specific error', async () => {
    const call = (method: string, input: unknown): Promise<unknown> =>
      dispatch(harness.core.handlers, { method, input })
    expect(await call('memories.readFile', { agentId: 'scribe', slug: '../MEMORY' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('no folders, no leading dot') }
    })
    expect(await call('memories.readFile', { agentId: 'scribe', slug: 'notes.md' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('without ".md"') }
    })
    expect(await call('memories.list', { agentId: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' }
    })
    expect(await call('memories.forgetFact', { id: 4242 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' }
    })
    expect(await call('memories.readFile', { agentId: 'scribe', slug: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('No memory file "missing.md"') }
    })
  })
})
