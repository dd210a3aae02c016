import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => (temp = makeTempDir()))
afterEach(() => temp.cleanup())

describe('hearth CLI: init and agents', () => {
  it('init creates the home (idempotently) and reports it', () => {
    const home = join(temp.dir, 'h')
    const first = runHearth(['init', '--home', home, '--json'])
    expect(first.code).toBe(0)
    expect(first.json()).toEqual({ home })
    expect(existsSync(join(home, 'hearth.db'))).toBe(true)
    expect(runHearth(['--home', home, 'init', '--json']).json()).toEqual({ home })
  })

  it('honours HEARTH_HOME', () => {
    const run = runHearth(['init', '--json'], { env: { HEARTH_HOME: join(temp.dir, 'env-home') } })
    expect(run.json()).toEqual({ home: join(temp.dir, 'env-home') })
  })

  it('creates and lists agents with a seeded SOUL.md', () => {
    const created = runHearth(['agents', 'create', 'Research Buddy', '--home', temp.dir, '--json'])
    expect(created.code).toBe(0)
    expect(created.json()).toEqual({ agent: { id: 'research-buddy', name: 'Research Buddy' } })
    expect(readFileSync(join(temp.dir, 'agents/research-buddy/SOUL.md'), 'utf8')).toContain(
      'You are Research Buddy'
    )
    runHearth(['agents', 'create', 'Coder', '--id', 'code', '--home', temp.dir])
    expect(runHearth(['agents', 'list', '--home', temp.dir, '--json']).json()).toEqual({
      agents: [
        { id: 'research-buddy', name: 'Research Buddy' },
        { id: 'code', name: 'Coder' }
      ]
    })
  })

  it("renames and deletes agents; a deleted agent's folder moves to .trash", () => {
    runHearth(['agents', 'create', 'Coder', '--id', 'code', '--home', temp.dir])
    expect(runHearth(['agents', 'rename', 'code', 'Builder', '--home', temp.dir, '--json']).json()).toEqual({
      agent: { id: 'code', name: 'Builder' }
    })
    expect(runHearth(['agents', 'delete', 'code', '--home', temp.dir, '--json']).json()).toEqual({
      deleted: { id: 'code' }
    })
    expect(runHearth(['agents', 'list', '--home', temp.dir, '--json']).json()).toEqual({ agents: [] })
    expect(existsSync(join(temp.dir, 'agents', 'code'))).toBe(false)
    const trashed = readdirSync(join(temp.dir, '.trash'))
    expect(trashed.some((name) => name.startsWith('agent-code-'))).toBe(true)
    const missing = runHearth(['agents', 'delete', 'ghost', '--home', temp.dir])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/No agent with id "ghost"/)
  })

  it('refuses a duplicate or hostile agent id with exit 1 and a clear message, no stack trace', () => {
    runHearth(['agents', 'create', 'A', '--id', 'a', '--home', temp.dir])
    const dup = runHearth(['agents', 'create', 'A', '--id', 'a', '--home', temp.dir, '--json'])
    expect(dup.code).toBe(1)
    expect(dup.json()).toEqual({
      error: { code: 'conflict', message: 'An agent with id "a" already exists' }
    })
    const sameName = runHearth(['agents', 'create', ' a ', '--home', temp.dir, '--json'])
    expect(sameName.code).toBe(1)
    expect(sameName.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'An agent named "A" already exists (id a). Pick another name, or rename that agent first.'
      }
    })
    runHearth(['agents', 'create', 'B', '--id', 'b', '--home', temp.dir])
    const renamed = runHearth(['agents', 'rename', 'b', 'A', '--home', temp.dir])
    expect(renamed.code).toBe(1)
    expect(renamed.stderr).toBe(
      'hearth: An agent named "A" already exists (id a). Pick another name, or rename that agent first.\n'
    )
    const hostile = runHearth(['agents', 'create', 'X', '--id', '../../etc', '--home', temp.dir])
    expect(hostile.code).toBe(1)
    expect(hostile.stderr).toMatch(/not a valid agent id/)
    expect(hostile.stderr).not.toMatch(/\n\s+at /)
  })

  it('usage errors exit 2 with exactly one line on stderr', () => {
    for (const args of [
      ['frobnicate'],
      ['agents', 'list', '--bogus'],
      ['agents', 'create'],
      ['agents', 'create', 'a', 'b'],
      ['serve', '--port']
    ]) {
      const run = runHearth([...args, '--home', temp.dir])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
      expect(run.stdout).toBe('')
    }
  })

  it('warns about a malformed config.json on stderr, keeps stdout JSON clean and the file untouched', () => {
    runHearth(['init', '--home', temp.dir])
    writeFileSync(join(temp.dir, 'config.json'), '{"cacheTtl": ')
    const run = runHearth(['agents', 'list', '--home', temp.dir, '--json'])
    expect(run.code).toBe(0)
    expect(run.json()).toEqual({ agents: [] })
    expect(run.stderr).toMatch(/warning: config.json is not valid JSON/)
    expect(readFileSync(join(temp.dir, 'config.json'), 'utf8')).toBe('{"cacheTtl": ')
  })

  it('lists the user-facing commands in --help, not the bench tools, which still run and explain themselves', () => {
    const help = runHearth(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('hearth nexus post')
    expect(help.stdout).not.toContain('bench-append')
    const own = runHearth(['nexus', 'bench-append', '--help'])
    expect(own.code).toBe(0)
    expect(own.stdout).toContain('hearth nexus bench-append --agent A --count N')
  })
})
