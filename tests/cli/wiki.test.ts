import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/createCore'
import { testId } from '../../src/shared/testing/ids'
import { runHearth } from '../helpers/cli'
import { insertApprovedFact } from '../helpers/facts'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => (temp = makeTempDir()))
afterEach(() => temp.cleanup())

describe('hearth wiki', () => {
  it('lists the compiled pages, prints one, and refuses a page that does not exist', () => {
    const core = createCore({ home: temp.dir, host: 'cli', env: {} })
    const agent = testId.agent('scribe')
    core.services.agents.create('Scribe', agent)
    const fact = insertApprovedFact(core, agent, 'Grace Hopper keeps the release notes in Notion.')
    core.dispose()

    const list = runHearth(['wiki', 'list', '--home', temp.dir, '--json'])
    expect(list.code).toBe(0)
    expect(list.json()).toEqual({
      dir: 'nexus/wiki',
      pages: [
        { slug: 'index', title: 'Wiki', kind: null, sources: 0 },
        { slug: 'grace-hopper', title: 'Grace Hopper', kind: 'person', sources: 1 },
        { slug: 'notion', title: 'Notion', kind: 'tool', sources: 1 }
      ]
    })
    expect(existsSync(join(temp.dir, 'nexus', 'wiki', 'grace-hopper.md'))).toBe(true)
    const text = runHearth(['wiki', 'list', '--home', temp.dir])
    expect(text.stdout).toMatch(
      /^2 pages in nexus\/wiki\/:\ngrace-hopper {2}person {3}Grace Hopper \(1 source\)/
    )

    const show = runHearth(['wiki', 'show', 'grace-hopper', '--home', temp.dir])
    expect(show.code).toBe(0)
    expect(show.stdout).toContain('# Grace Hopper')
    expect(show.stdout).toContain(`Grace Hopper keeps the release notes in Notion. — fact ${fact} · Scribe ·`)
    const json = runHearth(['wiki', 'show', 'notion', '--home', temp.dir, '--json'])
    expect(json.json<{ page: { citations: unknown[] } }>().page.citations).toEqual([
      expect.objectContaining({ kind: 'fact', key: fact, agentId: 'scribe' })
    ])

    const missing = runHearth(['wiki', 'show', 'ada-lovelace', '--home', temp.dir, '--json'])
    expect(missing.code).toBe(1)
    expect(missing.json<{ error: { code: string } }>().error.code).toBe('not_found')
    const bad = runHearth(['wiki', 'show', '../hearth', '--home', temp.dir, '--json'])
    expect(bad.code).toBe(1)
    expect(bad.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('only letters, digits and dashes')
    })
  })
})
