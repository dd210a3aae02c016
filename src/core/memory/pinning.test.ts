import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseMemoryFile, sanitiseSlug } from './memoryFileFormat'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'
import { testId } from '../../shared/testing/ids'

let f: ServiceFixture
beforeEach(() => {
  f = createServiceFixture()
})
afterEach(() => f.dispose())

describe('pinning', () => {
  it('keeps a hostile slug inside the memories folder', async () => {
    const fact = f.fact('The staging database is reset every Monday', {
      type: 'project_fact',
      sessionId: testId.session('sess-9')
    })
    const outcome = await f.memory.pinning.pin(fact.id, 'file', '../../x')
    expect(outcome.path).toBe(`${f.paths.memoriesDir('scribe')}/x.md`)
    expect(readdirSync(f.paths.agentDir('scribe')).sort()).toEqual(['MEMORY.md', 'SOUL.md', 'memories'])
    expect(readdirSync(f.paths.root)).not.toContain('x.md')
    expect(sanitiseSlug('../../../etc/passwd', 'f')).toBe('etc-passwd')
    expect(sanitiseSlug('..', 'fact-7')).toBe('fact-7')
    expect(sanitiseSlug('C:\\Windows\\x', 'f')).toBe('c-windows-x')
  })

  it('writes frontmatter name, description, type and source, plus an index line in MEMORY.md', async () => {
    const fact = f.fact('The user signs commits with an SSH key: "ed25519"', {
      type: 'user_fact',
      sessionId: testId.session('sess-9')
    })
    const outcome = await f.memory.pinning.pin(fact.id, 'file')
    expect(outcome.success).toBe(true)
    const parsed = parseMemoryFile(readFileSync(outcome.path as string, 'utf8'))
    expect(parsed).toEqual({
      name: 'the-user-signs-commits-with-an-ssh-key',
      description: 'The user signs commits with an SSH key: "ed25519"',
      type: 'user_fact',
      source: `session sess-9, message ? (fact ${fact.id})`,
      body: 'The user signs commits with an SSH key: "ed25519"'
    })
    expect(readFileSync(f.paths.memory('scribe'), 'utf8')).toBe(
      'memories/the-user-signs-commits-with-an-ssh-key.md: The user signs commits with an SSH key: "ed25519"'
    )
    const second = await f.memory.pinning.pin(fact.id, 'file')
    expect(second.path).toMatch(/the-user-signs-commits-with-an-ssh-key-2\.md$/)
    expect(f.memory.facts.history(fact.id).filter((e) => e.kind === 'pinned')).toHaveLength(2)
  })

  it('pins into MEMORY.md / USER.md through the memory tool rules (budget refusals included)', async () => {
    const fact = f.fact('The user prefers metric units')
    writeFileSync(f.paths.user, '')
    expect(await f.memory.pinning.pin(fact.id, 'user')).toMatchObject({
      success: true,
      message: 'Pinned into USER.md.'
    })
    expect(readFileSync(f.paths.user, 'utf8')).toBe('The user prefers metric units')
    writeFileSync(f.paths.config, JSON.stringify({ memory: { memoryCharLimit: 10, userCharLimit: 2000 } }))
    const refused = await f.memory.pinning.pin(fact.id, 'memory')
    expect(refused.success).toBe(false)
    expect(refused.message).toMatch(/does not fit/)
    const pending = f.fact('Not yet reviewed', { status: 'pending' })
    await expect(f.memory.pinning.pin(pending.id, 'memory')).rejects.toThrow(
      /Only approved facts can be pinned/
    )
  })
})
