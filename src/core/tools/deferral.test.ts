import { describe, expect, it } from 'vitest'
import { decideDeferral, estimateToolTokens, toolRequestJson } from './deferral'
import { DEFAULT_TOOL_SETTINGS } from './toolSettings'
import type { ToolDefinition } from './toolTypes'

/** A tool whose request JSON is exactly `chars` characters long. */
function sized(name: string, chars: number): ToolDefinition {
  const base: ToolDefinition = {
    name,
    toolset: 'x',
    description: '',
    inputSchema: { type: 'object' },
    handler: async () => 'ok'
  }
  const padding = chars - toolRequestJson(base).length
  return { ...base, description: 'd'.repeat(padding) }
}

const auto = DEFAULT_TOOL_SETTINGS.search

describe('estimateToolTokens', () => {
  it('is ceil(compact JSON characters / 4) over the whole array', () => {
    expect(estimateToolTokens([sized('a', 400), sized('b', 401)])).toBe(201)
    expect(estimateToolTokens([])).toBe(0)
  })
})

describe('decideDeferral (activation thresholds)', () => {
  it('activates at exactly 10% of a known context window, not below', () => {
    expect(decideDeferral([sized('a', 80_000)], auto, 200_000)).toMatchObject({
      active: true,
      deferrableTokens: 20_000,
      thresholdTokens: 20_000
    })
    expect(decideDeferral([sized('a', 79_996)], auto, 200_000)).toMatchObject({
      active: false,
      deferrableTokens: 19_999
    })
  })

  it('scales with the window and the configured percentage', () => {
    expect(decideDeferral([sized('a', 4_000)], auto, 8_000)).toMatchObject({
      active: true,
      thresholdTokens: 800
    })
    expect(decideDeferral([sized('a', 4_000)], { ...auto, thresholdPct: 50 }, 8_000)).toMatchObject({
      active: false,
      thresholdTokens: 4_000
    })
  })

  it('uses 20,000 tokens when the window is unknown', () => {
    expect(decideDeferral([sized('a', 80_000)], auto, null)).toMatchObject({
      active: true,
      thresholdTokens: 20_000
    })
    expect(decideDeferral([sized('a', 79_996)], auto, 0)).toMatchObject({
      active: false,
      thresholdTokens: 20_000
    })
  })

  it('on forces it, off forbids it, and nothing deferrable never activates', () => {
    expect(decideDeferral([sized('a', 100)], { ...auto, enabled: 'on' }, 200_000).active).toBe(true)
    expect(decideDeferral([sized('a', 900_000)], { ...auto, enabled: 'off' }, 200_000).active).toBe(false)
    expect(decideDeferral([], { ...auto, enabled: 'on' }, 200_000).active).toBe(false)
  })

  it('a threshold of 0% activates whenever something is deferrable', () => {
    expect(decideDeferral([sized('a', 100)], { ...auto, thresholdPct: 0 }, 200_000).active).toBe(true)
  })
})
