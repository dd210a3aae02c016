import { readFileSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SourceFile } from '../domain/prompt/promptTypes'
import { DEFAULT_USER_MD, withoutStarterHint } from '../home/defaultTexts'
import { withoutStarterText } from '../prompt/promptService'
import { createMemoryFixture, type MemoryFixture } from './testing/memoryFixture'
import { testId } from '../../shared/testing/ids'

/** The hint paragraph of the seeded USER.md, as a user would leave it above their own lines. */
const HINT = DEFAULT_USER_MD.split('\n\n')[1]?.trim() ?? ''

let f: MemoryFixture
beforeEach(() => {
  f = createMemoryFixture()
})
afterEach(() => f.dispose())

const userFile = (): string => readFileSync(f.paths.user, 'utf8')
const addToUser = (content: string) =>
  f.tool.execute(
    { action: 'add', target: 'user', content },
    { agentId: testId.agent('scribe'), sessionId: testId.session('s-1'), origin: 'tool' }
  )

describe("the seeded USER.md's hint is for the user, never a fact", () => {
  it('is no entry of a fresh home, and the first write replaces it', async () => {
    expect(userFile()).toBe(DEFAULT_USER_MD)
    expect(f.files.read(testId.agent('scribe'), 'user').entries).toEqual([])
    const { result } = await addToUser('Nora is a historian')
    expect(result).toMatchObject({ success: true, entry_count: 1 })
    expect(userFile()).toBe('Nora is a historian')
  })

  it('is taken out of the entry the user wrote below it, keeping their words and heading', async () => {
    writeFileSync(f.paths.user, `# About me\r\n\r\n${HINT.replace(/\n/g, '\r\n')}\r\n\r\nI am Nora.\r\n`)
    expect(f.files.read(testId.agent('scribe'), 'user').entries).toEqual(['# About me\n\nI am Nora.'])
    await addToUser('Prefers short answers')
    expect(userFile()).toBe('# About me\n\nI am Nora.\n§\nPrefers short answers')
  })

  it('never reaches the prompt, also in a home where a fact was already saved after it', () => {
    const text = `${DEFAULT_USER_MD.trim()}\n§\nNora is a historian`
    const file: SourceFile = { path: f.paths.user, label: 'USER.md', text, error: null }
    expect(withoutStarterText(file)?.text).toBe('Nora is a historian')
    const untouched: SourceFile = {
      path: f.paths.user,
      label: 'USER.md',
      text: 'Name: Sam\n§\n(anything in brackets)',
      error: null
    }
    expect(withoutStarterText(untouched)).toBe(untouched)
  })

  it('leaves entries without it exactly as they are', () => {
    const entries = ['# About me', 'Name: Sam', '(Write a few lines of your own)']
    expect(withoutStarterHint(entries)).toEqual(entries)
  })
})
