import { describe, expect, it } from 'vitest'
import type { FileDoc, FileTarget } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { RpcError } from '../../api/rpcError'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi, type FakeApi } from '../../testing/fakeApi'
import { isDirty } from './openFile'

const target: FileTarget = { kind: 'soul', agentId: testId.agent('ada') }
const key = 'soul:ada'

/** A tiny in-memory disk behind files.read / files.write with the core's compare-and-swap rule. */
function withDisk(api: FakeApi, initial: string): { write(text: string): FileDoc; current(): string } {
  let content = initial
  let version = 1
  const doc = (): FileDoc => ({
    target,
    path: '/home/agents/ada/SOUL.md',
    exists: true,
    content,
    hash: `h${version}`,
    mtimeMs: version,
    tokens: Math.ceil(content.length / 4),
    readError: null,
    injected: null
  })
  const write = (text: string): FileDoc => {
    content = text
    version += 1
    return doc()
  }
  api.handle('files.watch', () => ({ watching: true }))
  api.handle('files.read', () => doc())
  api.handle('files.write', (input) => {
    if (!input.force && input.baseHash !== doc().hash)
      throw new RpcError('conflict', 'SOUL.md changed on disk after you opened it.')
    return write(input.content)
  })
  return { write, current: () => content }
}

async function openStore(initial: string) {
  const api = createFakeApi()
  const disk = withDisk(api, initial)
  const store = createAppStore(api)
  await store.getState().openFile(target)
  return { api, disk, store, file: () => store.getState().openFiles[key]! }
}

describe('files slice', () => {
  it('opens, watches, edits and saves against the loaded hash', async () => {
    const { api, disk, store, file } = await openStore('one')
    expect(api.calls.map((call) => call.method)).toEqual(['files.watch', 'files.read'])
    store.getState().editDraft(key, 'two')
    expect(isDirty(file())).toBe(true)
    expect(await store.getState().saveFile(key)).toBe(true)
    expect(disk.current()).toBe('two')
    expect(isDirty(file())).toBe(false)
    expect(api.calls.at(-1)?.input).toMatchObject({ baseHash: 'h1', content: 'two' })
  })

  it('follows the disk silently when clean, raises a conflict when dirty, never writes on its own', async () => {
    const { disk, store, file } = await openStore('one')
    const outside = disk.write('outside')
    await store.getState().receiveFileChanged({ target, path: outside.path, hash: outside.hash })
    expect(file().draft).toBe('outside')
    expect(file().conflict).toBeNull()

    store.getState().editDraft(key, 'mine')
    const again = disk.write('outside again')
    await store.getState().receiveFileChanged({ target, path: again.path, hash: again.hash })
    expect(file().conflict?.reason).toBe('changed')
    expect(file().draft).toBe('mine')
    expect(disk.current()).toBe('outside again')
  })

  it('a refused save opens the conflict; Reload takes the disk, Keep mine forces the draft', async () => {
    const { disk, store, file } = await openStore('one')
    store.getState().editDraft(key, 'mine')
    disk.write('theirs')
    expect(await store.getState().saveFile(key)).toBe(false)
    expect(file().conflict).toMatchObject({ reason: 'refused', disk: { content: 'theirs' } })
    expect(disk.current()).toBe('theirs')

    expect(await store.getState().saveFile(key)).toBe(false)
    expect(disk.current()).toBe('theirs')

    expect(await store.getState().keepMine(key)).toBe(true)
    expect(disk.current()).toBe('mine')
    expect(file().conflict).toBeNull()

    store.getState().editDraft(key, 'mine, edited')
    disk.write('theirs again')
    await store.getState().saveFile(key)
    await store.getState().reloadFile(key)
    expect(file().draft).toBe('theirs again')
    expect(isDirty(file())).toBe(false)
    expect(file().conflict).toBeNull()
  })

  it('does not mistake its own save (event before the reply) for an outside edit', async () => {
    const { api, disk, store, file } = await openStore('one')
    api.handle('files.write', (input) => {
      const doc = disk.write(input.content)
      api.emit('files.changed', { target, path: doc.path, hash: doc.hash })
      return doc
    })
    store.getState().editDraft(key, 'saved text')
    const saving = store.getState().saveFile(key)
    await store.getState().receiveFileChanged({ target, path: '/home/agents/ada/SOUL.md', hash: 'h2' })
    await saving
    expect(file().conflict).toBeNull()
    expect(isDirty(file())).toBe(false)
  })
})

describe('browsing for a project folder', () => {
  it('shows the newest browse when an earlier one answers after it', async () => {
    const api = createFakeApi()
    const answers = new Map<
      string,
      (listing: { dir: string; parent: string | null; dirs: string[] }) => void
    >()
    api.handle(
      'app.listDirs',
      (input) =>
        new Promise((resolve) => answers.set((input as { dir?: string }).dir ?? 'home', resolve as never))
    )
    const store = createAppStore(api)
    const home = store.getState().browseFolder()
    const garden = store.getState().browseFolder('/home/you/garden')
    await Promise.resolve()
    answers.get('/home/you/garden')?.({ dir: '/home/you/garden', parent: '/home/you', dirs: [] })
    await garden
    answers.get('home')?.({ dir: '/home/you', parent: '/home', dirs: ['garden'] })
    expect((await home)?.dir).toBe('/home/you')
    expect(store.getState().folderListing?.dir).toBe('/home/you/garden')
  })
})
