import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigStore } from '../home/configStore'
import { jaccard, topicWords } from './conflicts'
import { openNexusTestHome, type NexusTestHome } from './nexusTestHome'

const MINUTE = 60_000

describe('conflict detection', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  function decide(agent: string, summary: string, rationale = 'it is simpler', refs?: number[]) {
    return home.nexus.post({ agent, type: 'decision', summary, rationale, ...(refs ? { refs } : {}) })
  }

  it('measures topic overlap on words, ignoring case and stopwords', () => {
    const a = topicWords({ summary: 'Store the API key in the OS keychain', rationale: null })
    const b = topicWords({ summary: 'store API key in a .env file', rationale: null })
    expect([...a].sort()).toEqual(['api', 'key', 'keychain', 'os', 'store'])
    expect(jaccard(a, b)).toBeCloseTo(3 / 7)
    expect(jaccard(new Set(), new Set())).toBe(0)
  })

  it('flags similar decisions by different agents within the window, and tells the second poster', () => {
    decide('ella', 'Store session history in SQLite with WAL', 'durable and fast')
    home.clock.advance(10 * MINUTE)
    const second = decide('lyra', 'Store session history in JSON files', 'durable and fast')
    expect(second.conflicts).toHaveLength(1)
    expect(second.conflicts[0]).toMatchObject({
      first: { seq: 1, agent: 'ella' },
      second: { seq: 2, agent: 'lyra' },
      resolvedBy: null
    })
    expect(home.nexus.conflicts()).toHaveLength(1)
  })

  it('flags decisions that share a reference even with different words', () => {
    home.nexus.post({ agent: 'user', type: 'turn', summary: 'Which database?' })
    decide('ella', 'Postgres', 'scales', [1])
    const second = decide('lyra', 'Embedded engine', 'no server to run', [1])
    expect(second.conflicts[0]).toMatchObject({ sharedRefs: [1] })
  })

  it('ignores the same agent, unrelated topics and decisions outside the window', () => {
    decide('ella', 'Store session history in SQLite with WAL', 'durable')
    expect(decide('ella', 'Store session history in SQLite with WAL mode', 'durable').conflicts).toEqual([])
    expect(decide('lyra', 'Use tabs for indentation in markdown', 'taste').conflicts).toEqual([])
    home.clock.advance(61 * MINUTE)
    expect(decide('lyra', 'Store session history in SQLite with WAL', 'durable').conflicts).toEqual([])
    expect(home.nexus.conflicts()).toEqual([])
  })

  it('uses the window from config.json', () => {
    decide('ella', 'Store session history in SQLite with WAL', 'durable')
    home.clock.advance(90 * MINUTE)
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { conflictWindowMinutes: 120, injectCap: 20 } }))
    expect(decide('lyra', 'Store session history in SQLite with WAL', 'durable').conflicts).toHaveLength(1)
  })

  it('uses the similarity threshold from config.json, and the default 0.4 when the key is bad', () => {
    // 5 shared topic words of 9 in all: similarity 0.556.
    decide('ella', 'Store session history in SQLite with WAL', 'durable and fast')
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { conflictSimilarity: 0.6 } }))
    expect(home.nexus.settings().conflictSimilarity).toBe(0.6)
    expect(decide('lyra', 'Store session history in JSON files', 'durable and fast').conflicts).toEqual([])
    expect(home.nexus.conflicts()).toEqual([])
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { conflictSimilarity: 0.5 } }))
    expect(home.nexus.conflicts()).toMatchObject([
      { first: { seq: 1 }, second: { seq: 2 }, similarity: 0.556 }
    ])
    writeFileSync(home.paths.config, JSON.stringify({ nexus: { conflictSimilarity: 1.5 } }))
    expect(home.nexus.settings().conflictSimilarity).toBe(0.4)
    expect(new ConfigStore(home.paths.config).read().errors.join('\n')).toMatch(/"nexus\.conflictSimilarity"/)
    expect(home.nexus.conflicts()).toHaveLength(1)
  })

  it('a resolution referencing both decisions settles the conflict', () => {
    decide('ella', 'Store session history in SQLite with WAL', 'durable')
    decide('lyra', 'Store session history in SQLite without WAL', 'durable')
    const resolution = home.nexus.resolve(1, 2, 'SQLite with WAL it is').entry
    expect(resolution).toMatchObject({ agent: 'user', type: 'resolution', refs: [1, 2] })
    expect(home.nexus.conflicts()).toEqual([])
    expect(home.nexus.conflicts(true)).toMatchObject([{ resolvedBy: resolution.seq }])
    expect(() => home.nexus.resolve(1, 3, 'nope')).toThrow(/must both be existing decision entries/)
  })
})
