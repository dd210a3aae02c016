import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { FileTarget, SessionId } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'
import { sentSystemText } from '../../testing/requestShape'
import { callerOf } from '../../testing/callCore'

let harness: ChatHarness
const folders: string[] = []

afterEach(async () => {
  await harness?.close()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** One call through the contract, as the Files screen makes it; fails the test on an error. */
const call = callerOf(() => harness.core)

async function save(target: FileTarget, content: string): Promise<void> {
  const doc = await call('files.read', { target })
  await call('files.write', { target, content, baseHash: doc.hash })
}

async function behind(target: FileTarget): Promise<{ id: SessionId; [key: string]: unknown }[]> {
  return (await call('sessions.behindFile', { target })).chats
}

const SOUL_EDIT = 'You answer in haiku from now on.'

describe('open chats behind a saved prompt file', () => {
  it('keeps the frozen prompt after a SOUL.md save until the chat is rebuilt, then sends the new text', async () => {
    harness = await startChatHarness()
    harness.fake.script('First.', 'Second.', 'Third.')
    const soul: FileTarget = { kind: 'soul', agentId: harness.agentId }
    const { sessionId } = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hello' })
    expect(await behind(soul)).toEqual([])

    await save(soul, `# Scribe\n\n${SOUL_EDIT}\n`)
    const [chat, ...others] = await behind(soul)
    expect(others).toEqual([])
    expect(chat).toMatchObject({ id: sessionId, agentId: harness.agentId, answering: false })
    const cost = chat as unknown as Record<string, number>
    expect(cost.prefixTokens).toBeGreaterThan(0)
    expect(cost.cacheWritePerMTokUsd).toBeGreaterThan(cost.cacheReadPerMTokUsd as number)
    expect(cost.extraCostUsd).toBeCloseTo(
      ((cost.prefixTokens as number) * (cost.cacheWritePerMTokUsd! - cost.cacheReadPerMTokUsd!)) / 1e6,
      10
    )

    await harness.chat.runTurn({ sessionId, text: 'Still there?' })
    expect(sentSystemText(harness.fake.requests[1]?.body)).not.toContain(SOUL_EDIT)

    const rebuilt = await call('sessions.rebuildPrompt', { id: sessionId })
    expect(rebuilt.systemPrompt).toContain(SOUL_EDIT)
    expect(harness.sessions.get(sessionId).systemPrompt).toContain(SOUL_EDIT)
    expect(await behind(soul)).toEqual([])
    await harness.chat.runTurn({ sessionId, text: 'And now?' })
    expect(sentSystemText(harness.fake.requests[2]?.body)).toContain(SOUL_EDIT)
  })

  it("counts USER.md against every agent's open chats, MEMORY.md against its agent's only, and never an ended chat", async () => {
    harness = await startChatHarness()
    harness.fake.script('One.', 'Two.', 'Three.')
    const other = harness.core.services.agents.create('Coder', testId.agent('coder'))
    const scribeChat = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hi' })
    const coderChat = await harness.chat.runTurn({ agentId: other.id, text: 'Hi' })
    const endedChat = await harness.chat.runTurn({ agentId: other.id, text: 'Bye' })
    await call('sessions.end', { id: endedChat.sessionId })

    await save({ kind: 'user' }, 'I live by the sea.\n')
    const ids = (await behind({ kind: 'user' })).map((chat) => chat.id)
    expect(ids.sort()).toEqual([scribeChat.sessionId, coderChat.sessionId].sort())

    await save({ kind: 'memory', agentId: other.id }, 'Prefers tabs.\n')
    expect((await behind({ kind: 'memory', agentId: other.id })).map((chat) => chat.id)).toEqual([
      coderChat.sessionId
    ])
    expect(await behind({ kind: 'memory', agentId: harness.agentId })).toEqual([])
    // A save that gives the prompt nothing new (the same text again) leaves no chat behind.
    await call('sessions.rebuildPrompt', { id: coderChat.sessionId })
    await save({ kind: 'memory', agentId: other.id }, 'Prefers tabs.\n')
    expect(await behind({ kind: 'memory', agentId: other.id })).toEqual([])
  })

  it("counts a project's rules file only against the chats working in that folder, a new file included", async () => {
    harness = await startChatHarness()
    harness.fake.script('One.', 'Two.')
    const project = mkdtempSync(join(tmpdir(), 'hearth-rules-'))
    const elsewhere = mkdtempSync(join(tmpdir(), 'hearth-elsewhere-'))
    folders.push(project, elsewhere)
    mkdirSync(join(project, 'src'))
    writeFileSync(join(elsewhere, 'AGENTS.md'), '# Other rules\n')
    const inProject = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hi', cwd: project })
    await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hi', cwd: elsewhere })

    const rules: FileTarget = { kind: 'rules', projectDir: project }
    expect(await behind(rules)).toEqual([])
    await save(rules, '# Rules\n\nRun the tests before you say done.\n')
    expect((await behind(rules)).map((chat) => chat.id)).toEqual([inProject.sessionId])
    expect(await behind({ kind: 'project-state' })).toEqual([])
  })
})
