import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nodePromptFileSystem } from './promptFileSystem'
import { SkillsIndex, locate } from './skillsIndex'

let home: string
let skills: string
let snapshot: string

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'hearth-skills-'))
  skills = join(home, 'skills')
  snapshot = join(home, '.skills_snapshot.json')
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

function put(rel: string, content: string): void {
  const path = join(skills, rel)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

function index(): SkillsIndex {
  return new SkillsIndex(nodePromptFileSystem, skills, snapshot)
}

describe('skills walk', () => {
  it('derives category and name from the path and reads category descriptions', () => {
    put('writing/DESCRIPTION.md', '---\ndescription: Prose\n---\n')
    put('writing/essay/SKILL.md', '---\nname: essay-helper\ndescription: Essays\n---\n')
    put('dev/web/deploy/SKILL.md', '---\ndescription: Ship it\n---\n')
    put('solo/SKILL.md', '---\nname: solo\n---\n')
    const { set, source } = index().load()
    expect(source).toBe('scan')
    expect(set.categoryDescriptions).toEqual({ writing: 'Prose' })
    expect(set.skills.map((s) => [s.category, s.name])).toEqual([
      ['dev/web', 'deploy'],
      ['solo', 'solo'],
      ['writing', 'essay-helper']
    ])
  })

  it('skips tool caches and asset folders inside a skill', () => {
    put('a/x/SKILL.md', '---\nname: x\n---\n')
    put('a/x/references/y/SKILL.md', '---\nname: hidden-ref\n---\n')
    put('node_modules/pkg/z/SKILL.md', '---\nname: hidden-dep\n---\n')
    expect(
      index()
        .load()
        .set.skills.map((s) => s.name)
    ).toEqual(['x'])
  })

  it('locates a root SKILL.md in "general"', () => {
    expect(locate(['SKILL.md'])).toEqual(['general', 'general'])
  })

  it('gives an empty set when the folder does not exist', () => {
    expect(index().load().set).toEqual({ skills: [], categoryDescriptions: {} })
  })
})

describe('skills caches', () => {
  it('serves the same process from memory and a new process from the disk snapshot', () => {
    put('a/x/SKILL.md', '---\nname: x\ndescription: first\n---\n')
    const first = index()
    expect(first.load().source).toBe('scan')
    expect(first.load().source).toBe('memory')
    const saved = JSON.parse(readFileSync(snapshot, 'utf8'))
    expect(saved).toMatchObject({ version: 3, skills: [{ name: 'x', description: 'first', blocked: [] }] })
    expect(Object.keys(saved.manifest)).toEqual(['a/x/SKILL.md'])
    const second = index().load()
    expect(second).toMatchObject({
      source: 'snapshot',
      set: { skills: [{ name: 'x', description: 'first' }] }
    })
  })

  it('re-reads when a file changes size or mtime', () => {
    put('a/x/SKILL.md', '---\nname: x\ndescription: first\n---\n')
    const cache = index()
    cache.load()
    put('a/x/SKILL.md', '---\nname: x\ndescription: second, longer\n---\n')
    expect(cache.load()).toMatchObject({
      source: 'scan',
      set: { skills: [{ description: 'second, longer' }] }
    })
    put('a/x/SKILL.md', '---\nname: x\ndescription: third, longer!\n---\n')
    utimesSync(join(skills, 'a/x/SKILL.md'), new Date(2001, 1, 1), new Date(2001, 1, 1))
    expect(index().load()).toMatchObject({
      source: 'scan',
      set: { skills: [{ description: 'third, longer!' }] }
    })
  })

  it('ignores a corrupt snapshot and rewrites it', () => {
    put('a/x/SKILL.md', '---\nname: x\n---\n')
    writeFileSync(snapshot, '{"version": 1, "manifest": ')
    expect(index().load().source).toBe('scan')
    expect(index().load().source).toBe('snapshot')
  })
})

describe('skills symlinks', () => {
  it('follows a symlinked skill folder inside the skills folder, never one that leads out of it', async () => {
    const { symlinkSync } = await import('node:fs')
    const kept = join(skills, '.library/linked')
    mkdirSync(kept, { recursive: true })
    writeFileSync(join(kept, 'SKILL.md'), '---\nname: linked\n---\n')
    const outside = join(home, 'outside/leak')
    mkdirSync(outside, { recursive: true })
    writeFileSync(join(outside, 'SKILL.md'), '---\nname: leak\n---\n')
    mkdirSync(join(skills, 'shared'), { recursive: true })
    symlinkSync(kept, join(skills, 'shared/linked'))
    symlinkSync(outside, join(skills, 'shared/leak'))
    const load = index().load()
    expect(load.set.skills.map((s) => `${s.category}/${s.name}`)).toContain('shared/linked')
    expect(load.set.skills.map((s) => s.name)).not.toContain('leak')
    expect(load.warnings).toEqual([
      'skills/shared/leak is a link to somewhere outside the skills folder; it was not loaded.'
    ])
  })
})
