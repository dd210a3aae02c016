import { describe, expect, it } from 'vitest'
import {
  BUILTIN_TOOLSETS,
  buildToolsetTable,
  compressToolsets,
  DEFAULT_AGENT_TOOLSETS,
  leafToolsets,
  resolveToolsets,
  type ToolsetTable
} from './toolsets'

const spec = (tools: string[], includes: string[] = []) => ({ description: 'test', tools, includes })

describe('resolveToolsets', () => {
  it('expands a leaf and a composite into sorted, unique tool names', () => {
    const table: ToolsetTable = {
      web: spec(['web_fetch', 'web_search']),
      files: spec(['read_file']),
      research: spec(['notes'], ['web', 'files'])
    }
    expect(resolveToolsets(table, ['research'])).toEqual({
      tools: ['notes', 'read_file', 'web_fetch', 'web_search'],
      toolsets: ['files', 'research', 'web'],
      unknown: []
    })
  })

  it('stops at a cycle instead of recursing forever', () => {
    const table: ToolsetTable = { a: spec(['t_a'], ['b']), b: spec(['t_b'], ['c']), c: spec(['t_c'], ['a']) }
    expect(resolveToolsets(table, ['a']).tools).toEqual(['t_a', 't_b', 't_c'])
    expect(resolveToolsets(table, ['self'] as string[]).unknown).toEqual(['self'])
    const selfLoop: ToolsetTable = { loop: spec(['x'], ['loop']) }
    expect(resolveToolsets(selfLoop, ['loop']).tools).toEqual(['x'])
  })

  it('expands the shared child of a diamond once and keeps every tool', () => {
    const table: ToolsetTable = {
      top: spec([], ['left', 'right']),
      left: spec(['l'], ['base']),
      right: spec(['r'], ['base']),
      base: spec(['b1', 'b2'])
    }
    const result = resolveToolsets(table, ['top'])
    expect(result.tools).toEqual(['b1', 'b2', 'l', 'r'])
    expect(result.toolsets).toEqual(['base', 'left', 'right', 'top'])
  })

  it('reports unknown names (also inside includes) and resolves the rest', () => {
    const table: ToolsetTable = { good: spec(['g'], ['missing_child']) }
    const result = resolveToolsets(table, ['good', 'typo', 'typo'])
    expect(result.tools).toEqual(['g'])
    expect(result.unknown).toEqual(['missing_child', 'typo'])
  })

  it('expands `all` and `*` to every toolset, even with cycles in the table', () => {
    const table: ToolsetTable = { a: spec(['x'], ['b']), b: spec(['y'], ['a']), c: spec(['z']) }
    expect(resolveToolsets(table, ['all']).tools).toEqual(['x', 'y', 'z'])
    expect(resolveToolsets(table, ['*']).tools).toEqual(['x', 'y', 'z'])
  })

  it('gives the default bundle every built-in tool', () => {
    const table = buildToolsetTable(BUILTIN_TOOLSETS, [], [])
    expect(resolveToolsets(table, DEFAULT_AGENT_TOOLSETS).tools).toEqual([
      'ack',
      'checkpoint',
      'memory',
      'nexus_post',
      'nexus_read',
      'project_state_read',
      'project_state_update',
      'recall',
      'session_search',
      'skill_view'
    ])
  })
})

describe('buildToolsetTable', () => {
  it('adds one leaf per MCP server, the `mcp` composite, and plugin toolsets from the registry', () => {
    const table = buildToolsetTable(
      BUILTIN_TOOLSETS,
      [{ name: 'plug_a', toolset: 'plugin-x' }],
      [
        { server: 'github', tools: ['mcp__github__list_issues'] },
        { server: 'files', tools: [] }
      ]
    )
    expect(table['mcp-github']?.tools).toEqual(['mcp__github__list_issues'])
    expect(table.mcp?.includes).toEqual(['mcp-files', 'mcp-github'])
    expect(table['plugin-x']?.tools).toEqual(['plug_a'])
    expect(resolveToolsets(table, ['mcp']).tools).toEqual(['mcp__github__list_issues'])
  })
})

describe('compressToolsets', () => {
  const table = buildToolsetTable(
    BUILTIN_TOOLSETS,
    [],
    [
      { server: 'a', tools: [] },
      { server: 'b', tools: [] }
    ]
  )

  it('writes a fully enabled composite as its name and the rest as leaves', () => {
    const leaves = new Set([...leafToolsets(table, 'core'), 'mcp-a'])
    expect(compressToolsets(table, leaves)).toEqual(['core', 'mcp-a'])
  })

  it('expands a composite when one of its leaves is switched off', () => {
    const leaves = new Set([...leafToolsets(table, 'core'), ...leafToolsets(table, 'mcp')])
    leaves.delete('nexus')
    expect(compressToolsets(table, leaves)).toEqual(['mcp', 'memory', 'recall', 'session_search', 'skills'])
  })

  it('keeps an empty composite only when the user already had it', () => {
    const empty = buildToolsetTable(BUILTIN_TOOLSETS, [], [])
    const leaves = new Set(leafToolsets(empty, 'core'))
    expect(compressToolsets(empty, leaves)).toEqual(['core'])
    expect(compressToolsets(empty, leaves, ['core', 'mcp'])).toEqual(['core', 'mcp'])
  })
})
