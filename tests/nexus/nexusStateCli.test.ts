import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => {
  temp = makeTempDir('hearth-nexus-state-')
})
afterEach(() => temp.cleanup())

const hearth = (args: string[], input?: string) =>
  runHearth(['--home', temp.dir, '--json', 'nexus', 'state', ...args], input === undefined ? {} : { input })

describe('hearth nexus state show | set', () => {
  it('sets the project state as a state entry by the user and shows it with its version', () => {
    expect(hearth(['show']).json()).toMatchObject({ version: null, text: '' })
    const set = hearth(['set', '--text', '# Goals\n\nShip 1.0 in March.\n'])
    expect(set.code, set.stderr).toBe(0)
    const saved = set.json<{ version: number; text: string; hash: string }>()
    expect(saved).toMatchObject({ version: 1, text: '# Goals\n\nShip 1.0 in March.\n' })
    expect(hearth(['show']).json()).toEqual(saved)
    const tail = runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).json<{
      entries: { agent: string; type: string }[]
    }>()
    expect(tail.entries).toMatchObject([{ agent: 'user', type: 'state' }])
  })

  it('reads the text from stdin with -, and refuses a save based on a stale hash', () => {
    const first = hearth(['set', '--text', '-'], '# From stdin\n').json<{ hash: string; version: number }>()
    expect(hearth(['set', '--text', 'second']).code).toBe(0)
    const stale = hearth(['set', '--text', 'third', '--base', first.hash])
    expect(stale.code).not.toBe(0)
    expect(stale.stderr).toContain('changed on disk')
    expect(hearth(['show']).json()).toMatchObject({ text: 'second', version: 2 })
    expect(hearth(['set']).code).toBe(2)
  })
})
