import type { SessionId } from '../../../shared/contract'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { estimateTokens } from '../../../shared/util/tokens'
import { systemBlocksOf } from '../../../../tests/fakeAnthropic'
import { noTools, startChatHarness, testCatalog, type ChatHarness } from '../../testing/chatHarness'
import { markerCount, markerTtls, sentSystemText } from '../../testing/requestShape'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

function projectWithRules(rules: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-layout-project-'))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'AGENTS.md'), rules)
  return dir
}

/** Every request the fake saw: at most four markers, never a 1h marker after a 5m one, and the stored prompt as system text. */
function expectValidLayout(prompts: ReadonlyMap<string, string>): void {
  for (const request of harness.fake.requests) {
    expect(request.status).toBe(200)
    expect(markerCount(request.body)).toBeLessThanOrEqual(4)
    const ttls = markerTtls(request.body)
    expect(ttls.indexOf('5m') === -1 || ttls.lastIndexOf('1h') < ttls.indexOf('5m')).toBe(true)
    const system = sentSystemText(request.body)
    expect([...prompts.values()]).toContain(system)
  }
}

describe('request layout: system prompt as tier blocks', () => {
  it('keeps every request shape within four breakpoints: with and without tools or a context tier, tool loops, compression', async () => {
    let threshold = Number.POSITIVE_INFINITY
    harness = await startChatHarness({ compressAtTokens: () => threshold }, { catalog: testCatalog() })
    const project = projectWithRules('# Project\n\nAnswer in metric units.\n')
    const prompts = new Map<string, string>()
    const remember = (sessionId: SessionId): void => {
      const current = harness.core.internals.chatStores.sessions.getSession(sessionId)?.promptVersion ?? 0
      for (let version = 1; version <= current; version++)
        prompts.set(
          `${sessionId}:${version}`,
          harness.core.internals.chatStores.sessions.promptVersion(sessionId, version)?.text ?? ''
        )
    }
    harness.fake.script(
      { toolUses: [{ name: 'lookup', input: { city: 'Paris' } }] },
      { text: 'Again', toolUses: [{ name: 'lookup', input: { city: 'Rome' } }] },
      'Paris is in France.',
      'Plain answer.',
      'Summary of the trip so far.',
      'After compression.'
    )
    const inProject = await harness.chat.runTurn({
      agentId: harness.agentId,
      cwd: project,
      text: 'Where is Paris?'
    })
    await harness.chat.runTurn({ sessionId: inProject.sessionId, text: 'Thanks' })
    threshold = 0
    const compressed = await harness.chat.runTurn({ sessionId: inProject.sessionId, text: 'One more' })
    threshold = Number.POSITIVE_INFINITY
    expect(compressed.compressed).toBe(true)
    remember(inProject.sessionId)
    const withContext = harness.fake.requests[0]?.body
    expect(systemBlocksOf(withContext).some((b) => b.text.includes('Answer in metric units.'))).toBe(true)
    expect(withContext?.system).toHaveLength(3)

    expectValidLayout(prompts)
  })

  it('without tools: the stable marker still ends the shared prefix, and a plain chat has three markers', async () => {
    harness = await startChatHarness({}, { catalog: noTools() })
    harness.fake.script('No tools here.', 'Still none.')
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hello without tools' })
    await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Again' })
    const [one, two] = harness.fake.requests.map((r) => r.body)
    expect(one?.tools ?? []).toHaveLength(0)
    expect(one?.system).toHaveLength(2)
    expect(markerTtls(one)).toEqual(['5m', '5m', '5m'])
    // The second call finds the first one's entries alive, so auto moves the conversation to 1h;
    // its newest marker looks back to where the first call ended, so that needs no marker of its own.
    expect(markerTtls(two)).toEqual(['1h', '1h', '1h'])
    expectValidLayout(new Map([['only', harness.sessions.get(first.sessionId).systemPrompt]]))
  })

  it('lets a new session of the same agent read tools + stable tier from cache, even in another folder with new memory', async () => {
    harness = await startChatHarness({}, { catalog: testCatalog() })
    harness.fake.script('First session answer.', 'Second session answer.', 'Third session answer.')
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Plan a walk' })
    const stable =
      harness.sessions.get(first.sessionId).promptTiers.find((tier) => tier.tier === 'stable')?.text ?? ''
    expect(estimateTokens(stable)).toBeGreaterThan(1024)

    writeFileSync(harness.core.services.paths.memory(harness.agentId), 'Walks only on weekends.\n')
    const second = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Plan another walk' })
    expect(second.sessionId).not.toBe(first.sessionId)
    const read = second.usage.cache_read_input_tokens
    expect(read).toBeGreaterThanOrEqual(estimateTokens(stable))
    expect(read).toBeLessThan(harness.fake.requests[0]?.usage?.cache_creation_input_tokens ?? 0)

    const elsewhere = projectWithRules('Rules of the other folder.\n')
    const third = await harness.chat.runTurn({ agentId: harness.agentId, cwd: elsewhere, text: 'And here?' })
    expect(third.usage.cache_read_input_tokens).toBe(read)
    expect(sentSystemText(harness.fake.requests[2]?.body)).toBe(
      harness.sessions.get(third.sessionId).systemPrompt
    )
  })
})
