import { describe, expect, it } from 'vitest'
import { assemblePrompt } from '../../domain/prompt/assemblePrompt'
import { joinSystemBlocks, systemBlocks } from './systemBlocks'

const text = 'Stable part.\n\nProject rules.\n\nMemory and date.'
const offsets = { stable: [0, 12] as const, context: [14, 28] as const, volatile: [30, 46] as const }

describe('system blocks', () => {
  it('gives one block per tier, the joining blank line ending the earlier block, so the blocks add up to the stored bytes', () => {
    const blocks = systemBlocks(text, { tierOffsets: offsets })
    expect(blocks).toEqual([
      { tier: 'stable', text: 'Stable part.\n\n' },
      { tier: 'context', text: 'Project rules.\n\n' },
      { tier: 'volatile', text: 'Memory and date.' }
    ])
    expect(joinSystemBlocks(blocks)).toBe(text)
  })

  it('skips a tier the prompt does not have', () => {
    const blocks = systemBlocks('Stable part.\n\nMemory.', {
      tierOffsets: { stable: [0, 12], volatile: [14, 21] }
    })
    expect(blocks.map((b) => b.tier)).toEqual(['stable', 'volatile'])
    expect(joinSystemBlocks(blocks)).toBe('Stable part.\n\nMemory.')
  })

  it('sends the prompt whole when the offsets do not tile it (old rows, hand-made prompts)', () => {
    expect(systemBlocks(text, { tierOffsets: {} })).toEqual([{ tier: null, text }])
    expect(systemBlocks(text, undefined)).toEqual([{ tier: null, text }])
    expect(systemBlocks(text + ' stamp', { tierOffsets: offsets })).toEqual([
      { tier: null, text: text + ' stamp' }
    ])
    expect(
      systemBlocks(text, { tierOffsets: { stable: [0, 20], context: [14, 28], volatile: [30, 46] } })
    ).toEqual([{ tier: null, text }])
    expect(systemBlocks(text, { tierOffsets: { stable: [2, 12], volatile: [14, 46] } })).toEqual([
      { tier: null, text }
    ])
    expect(systemBlocks('', { tierOffsets: offsets })).toEqual([])
  })

  it('splits what the assembler builds exactly at its tier offsets', () => {
    const built = assemblePrompt({
      soul: { path: '/h/agents/a/SOUL.md', label: 'SOUL.md', text: '# Ada\nYou are Ada.', error: null },
      defaultIdentity: 'DEFAULT IDENTITY',
      toolNames: ['memory'],
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      platform: 'cli',
      toolUseEnforcement: 'auto',
      platformHints: {},
      skills: null,
      skillsDisabled: [],
      osPlatform: 'linux',
      environment: { host: 'Linux 6.1', homeDir: '/home/u', extraHint: null },
      cwd: '/projects/trip',
      rules: {
        kind: 'agents',
        files: [{ path: '/projects/trip/AGENTS.md', label: 'AGENTS.md', text: 'Use tabs.', error: null }]
      },
      memory: { path: '/h/agents/a/MEMORY.md', label: 'MEMORY.md', text: 'Likes trains.', error: null },
      user: null,
      memoryCharLimit: 4000,
      userCharLimit: 2000,
      providerBlocks: [],
      fileCap: 20_000,
      now: Date.UTC(2026, 10, 29),
      timeZone: 'UTC',
      gatherWarnings: []
    })
    const blocks = systemBlocks(built.text, built)
    expect(blocks.map((b) => b.tier)).toEqual(['stable', 'context', 'volatile'])
    expect(blocks[0]?.text).toBe(`${built.tiers.stable}\n\n`)
    expect(blocks[1]?.text).toBe(`${built.tiers.context}\n\n`)
    expect(blocks[2]?.text).toBe(built.tiers.volatile)
    expect(joinSystemBlocks(blocks)).toBe(built.text)
  })
})
