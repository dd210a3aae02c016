import { describe, expect, it } from 'vitest'
import type { SessionPromptLayer } from '../../../../shared/contract'
import { leftOutLayers } from './promptNotice'

function layer(overrides: Partial<SessionPromptLayer>): SessionPromptLayer {
  return {
    id: 'identity',
    tier: 'stable',
    source: '/h/agents/ada/SOUL.md',
    chars: 10,
    tokens: 3,
    truncated: false,
    blocked: [],
    withheld: [],
    ...overrides
  }
}

describe('leftOutLayers', () => {
  it('lists only layers that were blocked or cut, with their reasons and the Files tab to fix them in', () => {
    const left = leftOutLayers([
      layer({}),
      layer({
        id: 'rules',
        tier: 'context',
        source: '/p/AGENTS.md',
        blocked: ['role_hijack'],
        withheld: ['AGENTS.md: paragraph 2 …']
      }),
      layer({ id: 'memory', tier: 'volatile', truncated: true, withheld: ['MEMORY.md was truncated …'] }),
      layer({ id: 'skills', source: null, blocked: ['prompt_injection'] })
    ])
    expect(left).toEqual([
      { id: 'rules', name: 'AGENTS.md', reasons: ['AGENTS.md: paragraph 2 …'], fixIn: 'rules' },
      { id: 'memory', name: 'MEMORY.md', reasons: ['MEMORY.md was truncated …'], fixIn: 'memory' },
      {
        id: 'skills',
        name: 'The skills index',
        reasons: ['The skills index was blocked by the injection scanner (prompt_injection).'],
        fixIn: null
      }
    ])
  })
})
