import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nodePromptFileSystem } from './promptFileSystem'
import { findGitRoot, findProjectRules } from './rulesFinder'

let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hearth-rules-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

function put(rel: string, content: string | Buffer): string {
  const path = join(root, rel)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
  return path
}

function find(rel = '') {
  return findProjectRules(nodePromptFileSystem, join(root, rel))
}

function loaded(rel = ''): string[] {
  return (find(rel).rules?.files ?? []).map((file) => file.label)
}

describe('rules file priority (first found wins, one kind only)', () => {
  it.each([
    ['.hearth.md', 'HEARTH.md'],
    ['HEARTH.md', '.hermes.md'],
    ['.hearth.md', 'HERMES.md'],
    ['.hermes.md', 'HERMES.md'],
    ['.hermes.md', 'AGENTS.md'],
    ['HERMES.md', 'AGENTS.md'],
    ['HERMES.md', 'CLAUDE.md'],
    ['HEARTH.md', 'AGENTS.md'],
    ['AGENTS.md', 'agents.md'],
    ['agents.md', 'CLAUDE.md'],
    ['CLAUDE.md', 'claude.md'],
    ['claude.md', '.cursorrules'],
    ['AGENTS.md', '.cursorrules'],
    ['.hearth.md', '.cursor/rules/a.mdc']
  ])('%s beats %s', (winner, loser) => {
    put(winner, `from ${winner}`)
    put(loser, `from ${loser}`)
    expect(loaded()).toEqual([winner])
    expect(find().rules?.files[0]?.text).toBe(`from ${winner}`)
  })

  it('treats empty and whitespace-only files as absent', () => {
    put('AGENTS.md', '  \n\n')
    put('CLAUDE.md', 'claude rules')
    expect(find().rules).toMatchObject({ kind: 'claude' })
  })

  it('loads .cursorrules plus .cursor/rules/*.mdc sorted by name, skipping other files', () => {
    put('.cursorrules', 'base')
    put('.cursor/rules/b.mdc', 'B')
    put('.cursor/rules/a.mdc', 'A')
    put('.cursor/rules/notes.txt', 'ignored')
    expect(loaded()).toEqual(['.cursorrules', '.cursor/rules/a.mdc', '.cursor/rules/b.mdc'])
    expect(find().rules?.kind).toBe('cursor')
  })

  it('returns nothing for a folder without rules', () => {
    expect(find()).toEqual({ rules: null, warnings: [] })
  })
})

describe('.hearth.md search up to the git root', () => {
  it('finds .hearth.md at the git root from a subfolder', () => {
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    put('repo/.hearth.md', '---\ntitle: x\n---\nRepo rules')
    mkdirSync(join(root, 'repo/src/deep'), { recursive: true })
    expect(findGitRoot(nodePromptFileSystem, join(root, 'repo/src/deep'))).toBe(join(root, 'repo'))
    expect(find('repo/src/deep').rules).toMatchObject({
      kind: 'hearth',
      files: [{ path: join(root, 'repo/.hearth.md'), label: '.hearth.md' }]
    })
  })

  it('accepts a .git file (worktree) as the root marker', () => {
    put('repo/.git', 'gitdir: /elsewhere')
    put('repo/HEARTH.md', 'rules')
    mkdirSync(join(root, 'repo/sub'), { recursive: true })
    expect(loaded('repo/sub')).toEqual(['HEARTH.md'])
  })

  it('never looks above the git root', () => {
    put('.hearth.md', 'outside the repo')
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    mkdirSync(join(root, 'repo/sub'), { recursive: true })
    expect(find('repo/sub').rules).toBeNull()
  })

  it('without a git root only the project folder itself is searched', () => {
    put('parent/.hearth.md', 'parent rules')
    mkdirSync(join(root, 'parent/child'), { recursive: true })
    expect(find('parent/child').rules).toBeNull()
    expect(loaded('parent')).toEqual(['.hearth.md'])
  })

  it('uses the nearest file even when empty, then falls through to AGENTS.md', () => {
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    put('repo/.hearth.md', 'root rules')
    put('repo/sub/.hearth.md', '   ')
    put('repo/sub/AGENTS.md', 'agents rules')
    expect(find('repo/sub').rules).toMatchObject({ kind: 'agents' })
  })

  it('ignores AGENTS.md outside the project folder', () => {
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    put('repo/AGENTS.md', 'root agents')
    mkdirSync(join(root, 'repo/sub'), { recursive: true })
    expect(find('repo/sub').rules).toBeNull()
  })
})

describe('.hermes.md, as Hermes reads it', () => {
  it('finds .hermes.md at the git root from a subfolder, kind hermes', () => {
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    put('repo/.hermes.md', 'Hermes rules')
    put('repo/src/AGENTS.md', 'agents rules')
    expect(find('repo/src').rules).toMatchObject({
      kind: 'hermes',
      files: [{ path: join(root, 'repo/.hermes.md'), label: '.hermes.md', text: 'Hermes rules' }]
    })
  })

  it('a .hearth.md anywhere up to the root beats a nearer .hermes.md', () => {
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    put('repo/.hearth.md', 'hearth rules')
    put('repo/sub/HERMES.md', 'hermes rules')
    expect(loaded('repo/sub')).toEqual(['.hearth.md'])
  })

  it('never looks above the git root, and an empty nearest HERMES.md falls through to AGENTS.md', () => {
    put('HERMES.md', 'outside the repo')
    mkdirSync(join(root, 'repo/.git'), { recursive: true })
    put('repo/HERMES.md', '  \n')
    put('repo/AGENTS.md', 'agents rules')
    expect(find('repo').rules).toMatchObject({ kind: 'agents' })
    mkdirSync(join(root, 'repo/sub'), { recursive: true })
    expect(find('repo/sub').rules).toBeNull()
  })
})

describe('unreadable rules files', () => {
  it('warns about a binary AGENTS.md and falls through to CLAUDE.md', () => {
    put('AGENTS.md', Buffer.from([0x41, 0x00, 0x42]))
    put('CLAUDE.md', 'claude rules')
    const result = find()
    expect(result.rules?.kind).toBe('claude')
    expect(result.warnings).toEqual([
      'AGENTS.md looks like a binary file (it contains NUL bytes); it was not loaded; looking for another rules file.'
    ])
  })

  it('warns about invalid UTF-8', () => {
    put('AGENTS.md', Buffer.from([0x68, 0xc3, 0x28, 0x69]))
    expect(find().warnings[0]).toContain('AGENTS.md is not valid UTF-8')
    expect(find().rules).toBeNull()
  })
})
