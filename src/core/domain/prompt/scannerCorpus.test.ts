import { describe, expect, it } from 'vitest'
import { assemblePrompt } from './assemblePrompt'
import type { PromptSources, SourceFile } from './promptTypes'
import { blockingFindings, findThreats } from './scanner'
import { renderSkillsIndex, skillFromMarkdown } from './skills'
import { foldText } from './textFold'
import { MORE_VARIANTS, NAMED_VARIANTS, type HostileCase } from './testing/hostileCorpus'
import {
  ORDINARY_CODE,
  ORDINARY_LANGUAGES,
  ORDINARY_PROSE,
  ORDINARY_TEXTS,
  PROTECTIVE_SENTENCES
} from './testing/ordinaryCorpus'

function file(path: string, text: string): SourceFile {
  return { path, label: path.split('/').pop() as string, text, error: null }
}

function sources(overrides: Partial<PromptSources>): PromptSources {
  return {
    soul: null,
    defaultIdentity: 'You are Hearth.',
    toolNames: [],
    model: 'claude-sonnet-4-5',
    provider: 'anthropic',
    platform: 'desktop',
    toolUseEnforcement: 'auto',
    platformHints: undefined,
    skills: null,
    skillsDisabled: [],
    osPlatform: 'linux',
    environment: { host: 'Linux 6.1', homeDir: '/home/me', extraHint: null },
    cwd: null,
    rules: null,
    memory: null,
    user: null,
    memoryCharLimit: 4000,
    userCharLimit: 2000,
    providerBlocks: [],
    fileCap: 20_000,
    now: 0,
    gatherWarnings: [],
    ...overrides
  }
}

function blockedIds(text: string): string[] {
  return blockingFindings(findThreats(text, 'context')).map((f) => f.id)
}

function expectCase(hostile: HostileCase): void {
  const found = findThreats(hostile.text, 'context')
  if (hostile.flags) {
    const ids = blockingFindings(found).map((f) => f.id)
    expect(
      ids.some((id) => hostile.flags?.includes(id)),
      `${hostile.name}: got ${ids.join(', ') || 'nothing'}`
    ).toBe(true)
  } else {
    expect(hostile.harmless, hostile.name).toBeTruthy()
    expect(found, hostile.name).toEqual([])
  }
}

describe('scanner corpus: hostile variants', () => {
  it('holds every variant the audit named and at least 50 more', () => {
    expect(NAMED_VARIANTS.length).toBeGreaterThanOrEqual(20)
    expect(MORE_VARIANTS.length).toBeGreaterThanOrEqual(50)
  })

  for (const hostile of [...NAMED_VARIANTS, ...MORE_VARIANTS])
    it(`${hostile.name}: ${hostile.flags ? 'flagged' : 'harmless'}`, () => expectCase(hostile))

  it('reads a soft hyphen as nothing, so the folded text is the plain word', () => {
    expect(foldText('Hyphen\u00adation')).toBe('Hyphenation')
    expect(foldText('Іgnоrе')).toBe('Ignore')
  })

  it('blocks each named variant wherever it reaches a prompt: SOUL.md, AGENTS.md, .hearth.md, memory, skills', () => {
    for (const hostile of NAMED_VARIANTS) {
      const soul = assemblePrompt(sources({ soul: file('/h/agents/a/SOUL.md', hostile.text) }))
      const agents = assemblePrompt(
        sources({ cwd: '/p', rules: { kind: 'agents', files: [file('/p/AGENTS.md', hostile.text)] } })
      )
      const hearth = assemblePrompt(
        sources({ cwd: '/p', rules: { kind: 'hearth', files: [file('/p/.hearth.md', hostile.text)] } })
      )
      const memory = assemblePrompt(
        sources({ memory: file('/h/agents/a/MEMORY.md', `Likes tea\n§\n${hostile.text}`) })
      )
      for (const [where, build, layer] of [
        ['SOUL.md', soul, 'identity'],
        ['AGENTS.md', agents, 'rules'],
        ['.hearth.md', hearth, 'rules'],
        ['MEMORY.md', memory, 'memory']
      ] as const) {
        expect(
          build.layers.find((l) => l.id === layer)?.blocked.length,
          `${hostile.name} in ${where}`
        ).toBeGreaterThan(0)
      }
      const skill = skillFromMarkdown(
        'writing',
        'x',
        `---\nname: x\ndescription: "${hostile.text.replaceAll('"', "'")}"\n---`
      )
      const index = renderSkillsIndex({ skills: [skill], categoryDescriptions: {} }, 'linux', [])
      expect(index.blocked.length, `${hostile.name} in a skill's frontmatter`).toBeGreaterThan(0)
    }
  })
})

describe('scanner corpus: ordinary texts', () => {
  it('holds 200 ordinary texts: code, prose, other languages', () => {
    expect(ORDINARY_TEXTS.length).toBeGreaterThanOrEqual(200)
    expect(new Set(ORDINARY_TEXTS).size).toBe(ORDINARY_TEXTS.length)
  })

  it('flags no code (context scope: rules files, skills, personas)', () => {
    const flagged = ORDINARY_CODE.filter((text) => findThreats(text, 'context').length > 0)
    expect(flagged).toEqual([])
  })

  it('flags no prose and no other language, not even with the memory scope', () => {
    const flagged = [...ORDINARY_PROSE, ...ORDINARY_LANGUAGES].filter(
      (text) => findThreats(text, 'strict').length > 0
    )
    expect(
      flagged.map(
        (text) =>
          `${text} → ${findThreats(text, 'strict')
            .map((f) => f.id)
            .join(',')}`
      )
    ).toEqual([])
  })

  it('a protective sentence is at most a warning, never a block', () => {
    for (const sentence of PROTECTIVE_SENTENCES) {
      const findings = findThreats(sentence, 'strict')
      expect(blockedIds(sentence), sentence).toEqual([])
      expect(blockingFindings(findings), sentence).toEqual([])
    }
    expect(findThreats(PROTECTIVE_SENTENCES[0] as string, 'context')).toEqual([
      expect.objectContaining({ id: 'prompt_injection', severity: 'warn', line: 1 })
    ])
  })
})
