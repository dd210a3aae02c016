import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServiceFixture, type ServiceFixture } from './testing/serviceFixture'
import { testId } from '../../shared/testing/ids'

let f: ServiceFixture
beforeEach(() => {
  f = createServiceFixture()
})
afterEach(() => f.dispose())

describe("the outside lookup (MCP's memory_search)", () => {
  it('ranks the bank exactly as recall does, never shows pending facts, and lists matching MEMORY.md / USER.md entries first', async () => {
    f.fact('Release notes go out after the build passes; the script for the deploy is separate')
    f.fact('The deploy script lives in tools/release.sh')
    f.fact('Script reviews happen before any deploy to staging')
    f.fact('The deploy script may be rewritten in Go', { status: 'pending' })
    writeFileSync(
      f.paths.memory(testId.agent('scribe')),
      'The deploy runs on Fridays only\n§\nMiso naps by windows\n'
    )
    writeFileSync(f.paths.user, 'Prefers the deploy script to print every step\n')
    const query = 'where is the deploy script?'
    const hits = await f.memory.lookup(query)
    const recalled = await f.memory.search(testId.agent('scribe'), query, 10)
    expect(hits.slice(0, 2).map((hit) => [hit.source, hit.agent])).toEqual([
      ['user', null],
      ['memory', 'scribe']
    ])
    expect(hits.map((hit) => hit.text)).not.toContain('Miso naps by windows')
    const bank = hits.filter((hit) => hit.source === 'fact')
    expect(bank.map((hit) => [hit.text, hit.score])).toEqual(recalled.map((item) => [item.text, item.score]))
    expect(bank.map((hit) => hit.text)).not.toContain('The deploy script may be rewritten in Go')
  })

  it('keeps to one agent when asked, returns nothing for a query without words, and honours the limit', async () => {
    f.agents.create('Other', testId.agent('other'))
    f.fact('The deploy script lives in tools/release.sh')
    f.fact('The other deploy script is in ops/', { agentId: testId.agent('other') })
    expect((await f.memory.lookup('deploy script', { agent: 'other' })).map((hit) => hit.agent)).toEqual([
      'other'
    ])
    expect(await f.memory.lookup('?! …')).toEqual([])
    expect(await f.memory.lookup('deploy script', { limit: 1 })).toHaveLength(1)
    expect(await f.memory.lookup('deploy script', { agent: 'nobody' })).toEqual([])
  })
})
