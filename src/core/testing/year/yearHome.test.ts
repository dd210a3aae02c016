import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCore } from '../../createCore'
import { buildYearHome, type YearHome } from './yearHome'
import { readYearRecord, writeYearRecord } from './yearRecord'

const dirs: string[] = []
function build(seed: number): YearHome {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-year-'))
  dirs.push(dir)
  return buildYearHome(join(dir, 'home'), { seed, scale: 0.005 })
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** What a person would see of a home, read back through the services. */
function contents(year: YearHome) {
  const core = createCore({ home: year.home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
  try {
    const s = core.services
    const longest = core.internals.chatStores.sessions.messages(year.longest.sessionId)
    return {
      messages: core.internals.chatStores.sessions.countMessages(),
      approved: year.agentIds.reduce(
        (n, id) => n + core.internals.memory.facts.list({ agentId: id, status: 'approved' }).length,
        0
      ),
      candidates: s.memory.reviewCounts().pending,
      entries: s.nexus.list({ limit: 1 }).total,
      verified: s.nexus.verify().ok,
      files: year.agentIds.reduce((n, id) => n + core.internals.memory.memoryFiles.list(id).length, 0),
      longest: longest.length,
      firstTexts: longest.slice(0, 4).map((m) => JSON.stringify(m.content)),
      lastEntry: s.nexus.list({ limit: 1 }).entries[0]?.summary
    }
  } finally {
    core.dispose()
  }
}

describe('a generated year', () => {
  it('holds the volumes it was asked for, written through the services, and the same seed writes the same home', () => {
    const first = build(7)
    const seen = contents(first)
    expect(seen.messages).toBe(first.volumes.messages)
    expect(seen.approved).toBe(first.volumes.facts)
    expect(seen.candidates).toBe(first.volumes.candidates)
    expect(seen.entries).toBe(first.volumes.nexusEntries)
    expect(seen.verified).toBe(true)
    expect(seen.files).toBe(first.volumes.memoryFiles)
    expect(seen.longest).toBe(first.volumes.longestChat)
    writeYearRecord(first)
    expect(readYearRecord(first.home)).toEqual(first)
    const again = contents(build(7))
    expect(again.firstTexts).toEqual(seen.firstTexts)
    expect(again.lastEntry).toBe(seen.lastEntry)
    const other = contents(build(8))
    expect(other.firstTexts).not.toEqual(seen.firstTexts)
  }, 120_000)
})
