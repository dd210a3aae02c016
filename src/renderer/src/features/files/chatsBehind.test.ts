import { describe, expect, it } from 'vitest'
import type { ChatBehindFile, FileDoc, FileTarget } from '../../../../shared/contract'
import { RpcError } from '../../api/rpcError'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { testId } from '../../../../shared/testing/ids'
import { sessionDetailFixture } from '../../testing/sessionFixture'
import { chatNames, perMillion, rebuildCostText } from './chatsBehindText'

const target: FileTarget = { kind: 'soul', agentId: testId.agent('ada') }
const key = 'soul:ada'
const first = testId.session('s1')
const second = testId.session('s2')

function chat(id: ChatBehindFile['id'], title: string, more: Partial<ChatBehindFile> = {}): ChatBehindFile {
  return {
    id,
    agentId: testId.agent('ada'),
    title,
    answering: false,
    model: 'claude-sonnet-4-5',
    prefixTokens: 4000,
    extraCostUsd: 0.0138,
    cacheWritePerMTokUsd: 3.75,
    cacheReadPerMTokUsd: 0.3,
    ...more
  }
}

/** A store with SOUL.md open at version `hash`, and the chats the core says are behind it. */
async function storeWith(behind: () => ChatBehindFile[]) {
  const api = createFakeApi()
  let hash = 'h1'
  const doc = (): FileDoc => ({
    target,
    path: '/home/agents/ada/SOUL.md',
    exists: true,
    content: 'x',
    hash,
    mtimeMs: 1,
    tokens: 1,
    readError: null,
    injected: null
  })
  api.handle('files.watch', () => ({ watching: true }))
  api.handle('files.read', () => doc())
  api.handle('sessions.behindFile', () => ({ chats: behind() }))
  const store = createAppStore(api)
  await store.getState().openFile(target)
  const saveAs = async (next: string): Promise<void> => {
    hash = next
    api.handle('files.write', () => doc())
    store.getState().editDraft(key, `x${next}`)
    await store.getState().saveFile(key)
  }
  return { api, store, saveAs, entry: () => store.getState().chatsBehind[key] }
}

describe('open chats behind a saved file', () => {
  it('rebuilds every chat that is not answering through sessions.rebuildPrompt, then asks again', async () => {
    let behind = [chat(first, 'Plans'), chat(second, 'Busy', { answering: true })]
    const { api, store, entry } = await storeWith(() => behind)
    await store.getState().checkChatsBehind(key)
    expect(entry()).toMatchObject({ hash: 'h1', chats: behind, dismissed: false, rebuilt: 0 })
    api.handle('sessions.rebuildPrompt', (input) => {
      behind = behind.filter((candidate) => candidate.id !== input.id)
      return sessionDetailFixture({ id: testId.session(input.id), promptVersion: 2 })
    })
    await store.getState().rebuildChatsBehind(key)
    const rebuilt = api.calls.filter((call) => call.method === 'sessions.rebuildPrompt')
    expect(rebuilt.map((call) => call.input)).toEqual([{ id: first }])
    expect(entry()).toMatchObject({ rebuilding: false, rebuilt: 1, error: null })
    expect(entry()?.chats.map((c) => c.id)).toEqual([second])
  })

  it('says which chat a refused rebuild left behind', async () => {
    const { api, store, entry } = await storeWith(() => [chat(first, 'Plans')])
    await store.getState().checkChatsBehind(key)
    api.handle('sessions.rebuildPrompt', () => {
      throw new RpcError('conflict', 'Wait for the current reply to finish before rebuilding the prompt')
    })
    await store.getState().rebuildChatsBehind(key)
    expect(entry()).toMatchObject({
      rebuilt: 0,
      error: '“Plans” was not rebuilt: Wait for the current reply to finish before rebuilding the prompt'
    })
    expect(entry()?.chats).toHaveLength(1)
  })

  it('keeps "Not now" for the saved version and shows the notice again after the next save', async () => {
    const { store, saveAs, entry } = await storeWith(() => [chat(first, 'Plans')])
    await store.getState().checkChatsBehind(key)
    store.getState().dismissChatsBehind(key)
    await store.getState().checkChatsBehind(key)
    expect(entry()?.dismissed).toBe(true)
    await saveAs('h2')
    await store.getState().checkChatsBehind(key)
    expect(entry()).toMatchObject({ hash: 'h2', dismissed: false })
  })
})

describe('the words of the notice', () => {
  it('names chats, prices per million and the cost of the rebuild', () => {
    expect(chatNames([chat(first, 'A')])).toBe('“A”')
    expect(chatNames([chat(first, 'A'), chat(second, '')])).toBe('“A” and “Untitled chat”')
    expect(chatNames([chat(first, 'A'), chat(second, 'B'), chat(first, 'C')])).toBe('“A”, “B” and 1 more')
    expect(perMillion(3.75)).toBe('$3.75')
    expect(perMillion(0.3)).toBe('$0.30')
    expect(perMillion(0.0375)).toBe('$0.0375')
    expect(rebuildCostText([chat(first, 'A')])).toBe(
      'Rebuilding costs one cache write: its next message writes the whole prompt to the cache again, about 4000 tokens at the cache-write price ($3.75 per million tokens) instead of the cache-read price ($0.30 per million). That is roughly $0.0138 extra.'
    )
    expect(rebuildCostText([chat(first, 'A'), chat(second, 'B', { cacheWritePerMTokUsd: 6 })])).toContain(
      'about 8000 tokens in all at the cache-write price instead of the cache-read price. That is roughly $0.0276 extra.'
    )
  })
})
