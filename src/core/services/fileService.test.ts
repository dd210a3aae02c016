import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeTempDir } from '../../../tests/helpers/tempHome'
import { createCore, type Core } from '../createCore'
import { testId } from '../../shared/testing/ids'

let temp: ReturnType<typeof makeTempDir>
let core: Core
beforeEach(() => {
  temp = makeTempDir()
  core = createCore({ home: join(temp.dir, 'home'), host: 'web', env: {} })
  core.services.agents.create('Scribe')
})
afterEach(() => {
  core.dispose()
  temp.cleanup()
})

describe('FileService', () => {
  it('saves atomically and refuses to overwrite a file changed on disk since it was read', () => {
    const files = core.services.files
    const doc = files.read({ kind: 'user' })
    writeFileSync(doc.path, 'changed behind your back')
    expect(() => files.write({ kind: 'user' }, 'mine', doc.hash)).toThrow(/changed on disk/)
    expect(readFileSync(doc.path, 'utf8')).toBe('changed behind your back')
    const forced = files.write({ kind: 'user' }, 'mine', doc.hash, true)
    expect(readFileSync(doc.path, 'utf8')).toBe('mine')
    expect(forced.content).toBe('mine')
  })

  it('reports binary and non-UTF-8 files instead of loading them, and will not overwrite them', () => {
    const files = core.services.files
    const soul = files.read({ kind: 'soul', agentId: testId.agent('scribe') })
    writeFileSync(soul.path, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))
    const binary = files.read({ kind: 'soul', agentId: testId.agent('scribe') })
    expect(binary.readError).toMatch(/binary/)
    expect(() => files.write(binary.target, 'x', binary.hash)).toThrow(/Refusing to overwrite/)
    writeFileSync(soul.path, Buffer.from([0x68, 0xc3, 0x28]))
    expect(files.read({ kind: 'soul', agentId: testId.agent('scribe') }).readError).toMatch(/not valid UTF-8/)
  })

  it('strips a BOM on read and keeps CRLF text intact', () => {
    const files = core.services.files
    const user = files.read({ kind: 'user' })
    writeFileSync(user.path, '\uFEFFline one\r\nline two')
    expect(files.read({ kind: 'user' }).content).toBe('line one\r\nline two')
  })

  it('opens the rules file the prompt would load, or AGENTS.md in a folder without one', () => {
    const project = join(temp.dir, 'project')
    mkdirSync(join(project, 'sub'), { recursive: true })
    mkdirSync(join(project, '.git'))
    expect(core.services.files.resolvePath({ kind: 'rules', projectDir: project })).toBe(
      join(project, 'AGENTS.md')
    )
    writeFileSync(join(project, 'CLAUDE.md'), 'claude rules')
    expect(core.services.files.resolvePath({ kind: 'rules', projectDir: project })).toBe(
      join(project, 'CLAUDE.md')
    )
    writeFileSync(join(project, '.hearth.md'), 'hearth rules')
    expect(core.services.files.resolvePath({ kind: 'rules', projectDir: join(project, 'sub') })).toBe(
      join(project, '.hearth.md')
    )
    expect(() => core.services.files.resolvePath({ kind: 'rules', projectDir: 'relative/path' })).toThrow(
      /absolute/
    )
  })

  it('emits files.changed when the file changes on disk', async () => {
    const seen: unknown[] = []
    core.subscribe((event, payload) => event === 'files.changed' && seen.push(payload))
    const doc = core.services.files.read({ kind: 'memory', agentId: testId.agent('scribe') })
    core.services.files.watch(doc.target)
    writeFileSync(doc.path, 'edited in another editor')
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 5000 })
    expect(seen[0]).toMatchObject({ target: { kind: 'memory', agentId: 'scribe' }, path: doc.path })
  })
})
