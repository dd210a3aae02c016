import { describe, expect, it } from 'vitest'
import { runTool, ToolError, truncateResult, unknownToolOutcome } from './runTool'
import type { ToolDefinition } from './toolTypes'
import { testId } from '../../shared/testing/ids'

const context = { agentId: testId.agent('a1'), sessionId: testId.session('s1') }

function tool(handler: ToolDefinition['handler'], extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'probe',
    toolset: 'test',
    description: 'Test tool',
    inputSchema: { type: 'object' },
    handler,
    ...extra
  }
}

describe('dispatch error shapes', () => {
  it('unknown tool', () => {
    expect(unknownToolOutcome('nope')).toEqual({
      ok: false,
      content: '{"error":"Unknown tool: nope"}',
      displayName: 'nope'
    })
  })

  it('handler failure names the error type and message', async () => {
    const outcome = await runTool(
      tool(async () => {
        throw new TypeError('cannot read x')
      }),
      {},
      context
    )
    expect(outcome.ok).toBe(false)
    expect(JSON.parse(outcome.content)).toEqual({
      error: 'Tool execution failed: TypeError: cannot read x',
      tool: 'probe'
    })
  })

  it('a ToolError is a clean refusal with its extra fields', async () => {
    const outcome = await runTool(
      tool(async () => {
        throw new ToolError('file too large', { limit: 10 })
      }),
      {},
      context
    )
    expect(JSON.parse(outcome.content)).toEqual({ error: 'file too large', limit: 10 })
  })

  it.each([
    ['undefined', undefined, 'undefined'],
    ['a bigint', 10n, 'bigint'],
    ['a function', () => 1, 'function'],
    ['NaN', Number.NaN, 'number']
  ])('bad result type: %s', async (_label, value, type) => {
    const outcome = await runTool(
      tool(async () => value),
      {},
      context
    )
    expect(outcome.ok).toBe(false)
    expect(JSON.parse(outcome.content)).toEqual({
      error: `Tool handler returned unsupported result type: ${type}`,
      error_type: 'tool_result_contract',
      tool: 'probe',
      result_type: type
    })
  })

  it('a circular object is a contract error, not a crash', async () => {
    const circular: Record<string, unknown> = {}
    circular.self = circular
    const outcome = await runTool(
      tool(async () => circular),
      {},
      context
    )
    expect(JSON.parse(outcome.content).error_type).toBe('tool_result_contract')
  })

  it('arguments that are not an object never reach the handler', async () => {
    let ran = false
    const outcome = await runTool(
      tool(async () => {
        ran = true
        return 'x'
      }),
      ['a'],
      context
    )
    expect(ran).toBe(false)
    expect(JSON.parse(outcome.content).error).toBe('Tool arguments must be a JSON object, got array.')
  })

  it('a cancelled call does not run', async () => {
    const controller = new AbortController()
    controller.abort()
    const outcome = await runTool(
      tool(async () => 'x'),
      {},
      { ...context, signal: controller.signal }
    )
    expect(outcome).toMatchObject({ ok: false })
    expect(JSON.parse(outcome.content).error).toMatch(/cancelled/)
  })

  it('strings pass through, values become compact JSON', async () => {
    expect(
      await runTool(
        tool(async () => 'plain text'),
        {},
        context
      )
    ).toEqual({ ok: true, content: 'plain text', displayName: 'probe' })
    expect(
      (
        await runTool(
          tool(async () => ({ a: [1, 2] })),
          {},
          context
        )
      ).content
    ).toBe('{"a":[1,2]}')
  })

  it('cuts results at maxResultChars with a marker', async () => {
    const outcome = await runTool(
      tool(async () => 'x'.repeat(500), { maxResultChars: 100 }),
      {},
      context
    )
    expect(outcome.content.startsWith('x'.repeat(100) + '\n[… result cut: 100 of 500')).toBe(true)
  })

  it('never cuts inside a surrogate pair', () => {
    const text = 'a' + '😀'.repeat(10)
    const cut = truncateResult(text, 2)
    expect(cut.startsWith('a\n')).toBe(true)
  })
})
