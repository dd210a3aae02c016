import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ChatExport } from '../../src/shared/contract/chatExport'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { runHearthAsync, type CliRun } from '../helpers/cli'
import { field } from '../helpers/jsonField'

let fake: FakeAnthropic
let home: string

beforeAll(async () => {
  fake = await startFakeAnthropic()
  home = mkdtempSync(join(tmpdir(), 'hearth-chats-cli-'))
})

afterAll(async () => {
  await fake?.close()
  rmSync(home, { recursive: true, force: true })
})

function hearth(...args: string[]): Promise<CliRun> {
  return runHearthAsync([...args, '--json'], {
    env: { HEARTH_HOME: home, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  })
}

const sessionList = z.object({ sessions: z.array(z.looseObject({ id: z.string() })) })

/** The chats the steps below share, made by the first one (each step is its own test: CLI runs take seconds). */
let id = ''
let otherId = ''
const out = (): string => join(home, 'beans.md')

describe('hearth sessions: rename, pin, trash, find, export', () => {
  it('renames and pins a chat, refusing a blank name', async () => {
    fake.script('Beans like a trellis.', 'Noted.')
    id = (await hearth('chat', 'how tall do runner beans grow?')).json<{ sessionId: string }>().sessionId
    otherId = (await hearth('chat', 'something else')).json<{ sessionId: string }>().sessionId

    const renamed = await hearth('sessions', 'rename', id, 'Runner beans')
    expect(field(renamed.json<unknown>(), 'session')).toMatchObject({
      id,
      title: 'Runner beans',
      titleSource: 'user'
    })
    const blank = await hearth('sessions', 'rename', id, '  ')
    expect(blank.code).toBe(1)
    expect(field(blank.json<unknown>(), 'error')).toMatchObject({ code: 'invalid_input' })
    expect(blank.stderr).toContain('A chat name cannot be blank')

    expect(field((await hearth('sessions', 'pin', otherId)).json<unknown>(), 'session')).toMatchObject({
      pinnedAtMs: expect.any(Number)
    })
    const listed = (await hearth('sessions', 'list')).parsed(sessionList).sessions.map((s) => s.id)
    expect(listed).toEqual([otherId, id])
  })

  it('finds the chat by its reply and exports it as Markdown or JSON', async () => {
    const found = field((await hearth('sessions', 'find', 'trellis')).json<unknown>(), 'hits')
    expect(found).toEqual([
      expect.objectContaining({
        sessionId: id,
        title: 'Runner beans',
        agentName: 'Hearth',
        role: 'assistant'
      })
    ])

    const written = (await hearth('sessions', 'export', id, '--format', 'md', '--out', out())).json<unknown>()
    expect(written).toMatchObject({
      fileName: expect.stringMatching(/\.md$/),
      out: out(),
      bytes: expect.any(Number)
    })
    expect(readFileSync(out(), 'utf8')).toMatch(/^# Runner beans\n[\s\S]*Beans like a trellis\./)
    expect(statSync(out()).mode & 0o777).toBe(0o600)
    const again = await hearth('sessions', 'export', id, '--format', 'md', '--out', out())
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('--force')
    const json = (await hearth('sessions', 'export', id, '--format', 'json')).parsed(
      z.object({ text: z.string() })
    )
    expect(ChatExport.parse(JSON.parse(json.text)).chat.title).toBe('Runner beans')
    expect((await hearth('sessions', 'export', id, '--format', 'pdf')).code).toBe(2)
  })

  it('moves the chat to the trash, out of search, and back', async () => {
    expect(field((await hearth('sessions', 'delete', id)).json<unknown>(), 'session')).toMatchObject({
      deletedAtMs: expect.any(Number)
    })
    expect(field((await hearth('sessions', 'find', 'trellis')).json<unknown>(), 'hits')).toEqual([])
    expect((await hearth('sessions', 'trash')).parsed(sessionList).sessions.map((s) => s.id)).toEqual([id])
    await hearth('sessions', 'restore', id)
    expect(field((await hearth('sessions', 'trash')).json<unknown>(), 'sessions')).toEqual([])
  })

  it('deletes a chat forever only from the trash', async () => {
    expect((await hearth('sessions', 'purge', id)).code).toBe(1)
    await hearth('sessions', 'delete', id)
    expect((await hearth('sessions', 'purge', id)).json<unknown>()).toEqual({ id })
    expect((await hearth('sessions', 'show', id)).code).toBe(1)
  })
})
