import { describe, expect, it } from 'vitest'
import { ToolDefinitionError, ToolRegistry } from './registry'
import type { ToolDefinition } from './toolTypes'

const clock = { now: () => 0 }

function def(name: string, toolset = 'test', extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    toolset,
    description: `The ${name} tool`,
    inputSchema: { type: 'object', properties: {} },
    handler: async () => 'ok',
    ...extra
  }
}

describe('ToolRegistry', () => {
  it('lists tools sorted by name and marks built-ins as core', () => {
    const registry = new ToolRegistry(clock)
    registry.register(def('zeta'))
    registry.register(def('alpha'))
    registry.register(def('beta'), { source: 'plugin' })
    expect(registry.list().map((e) => [e.tool.name, e.core, e.source])).toEqual([
      ['alpha', true, 'builtin'],
      ['beta', false, 'plugin'],
      ['zeta', true, 'builtin']
    ])
  })

  it('refuses names the API would reject', () => {
    const registry = new ToolRegistry(clock)
    expect(() => registry.register(def('has space'))).toThrow(ToolDefinitionError)
    expect(() => registry.register(def('x'.repeat(65)))).toThrow(/1–64 characters/)
    expect(() => registry.register(def('ok_name-1'))).not.toThrow()
  })

  it('refuses a schema that is not a JSON Schema object', () => {
    const registry = new ToolRegistry(clock)
    expect(() =>
      registry.register(
        def('bad', 'test', { inputSchema: { type: 'object', properties: { a: { type: 'text' } } } })
      )
    ).toThrow(/\$\.properties\.a\.type/)
  })

  it('refuses a name owned by another toolset, lets the same toolset replace it', () => {
    const registry = new ToolRegistry(clock)
    registry.register(def('shared', 'one'))
    expect(() => registry.register(def('shared', 'two'))).toThrow(/already registered by toolset "one"/)
    const before = registry.generation
    registry.register(def('shared', 'one', { description: 'newer' }))
    expect(registry.get('shared')?.tool.description).toBe('newer')
    expect(registry.generation).toBe(before + 1)
  })

  it('caches availability per tool and treats a throwing check as unavailable', async () => {
    const registry = new ToolRegistry(clock)
    let calls = 0
    const tool = registry.register(
      def('flaky', 'test', {
        isAvailable: () => {
          calls++
          throw new Error('no key')
        }
      })
    ).tool
    expect(await registry.isAvailable(tool)).toBe(false)
    expect(await registry.isAvailable(tool)).toBe(false)
    expect(calls).toBe(1)
  })
})
