import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CLI, runHearth } from '../helpers/cli'
import { field } from '../helpers/jsonField'
import { makeTempDir } from '../helpers/tempHome'

/** The official MCP Inspector's command-line client. */
const INSPECTOR = join(__dirname, '../../node_modules/.bin/mcp-inspector')

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => {
  temp = makeTempDir('hearth-mcp-inspector-')
  runHearth(['--home', temp.dir, 'init'])
})
afterEach(() => temp.cleanup())

/** The parts of the Inspector's answers these tests read. */
const toolsSchema = z.object({
  tools: z.array(
    z.looseObject({
      name: z.string(),
      inputSchema: z.looseObject({ required: z.array(z.string()).optional() })
    })
  )
})
const toolResultSchema = z.looseObject({
  isError: z.boolean().optional(),
  content: z.array(z.looseObject({ text: z.string() }))
})

/** Runs `mcp-inspector --cli … node bin/hearth.js mcp --method …` and parses its JSON answer. */
function inspect(args: readonly string[]): Promise<{ code: number; json: unknown; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      INSPECTOR,
      ['--cli', '-e', `HEARTH_HOME=${temp.dir}`, process.execPath, CLI, 'mcp', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({ code: code ?? -1, json: stdout.trim() === '' ? null : JSON.parse(stdout), stderr })
    )
  })
}

describe('the official MCP Inspector CLI against `hearth mcp`', () => {
  // Each run starts the Inspector and, inside it, a Hearth process: two Node start-ups.
  it('lists the tools with their schemas', { timeout: 60_000 }, async () => {
    const listed = await inspect(['--method', 'tools/list'])
    expect(listed.code, listed.stderr).toBe(0)
    const { tools } = toolsSchema.parse(listed.json)
    const names = tools.map((tool) => tool.name)
    expect(names).toEqual([
      'nexus_read',
      'nexus_unread',
      'nexus_post',
      'nexus_decisions',
      'project_state_read',
      'project_state_update',
      'knowledge_search',
      'memory_search'
    ])
    const post = tools.find((tool) => tool.name === 'nexus_post')
    expect(post?.inputSchema.required).toEqual(['type', 'summary'])
  })

  it(
    'calls nexus_post, and the entry is in the log signed by the Inspector',
    { timeout: 60_000 },
    async () => {
      const called = await inspect([
        '--method',
        'tools/call',
        '--tool-name',
        'nexus_post',
        '--tool-arg',
        'type=turn',
        '--tool-arg',
        'summary=Checked the log from the Inspector'
      ])
      expect(called.code, called.stderr).toBe(0)
      const answer = toolResultSchema.parse(called.json)
      expect(answer.isError).toBeFalsy()
      expect(field(JSON.parse(answer.content[0]?.text ?? ''), 'entry')).toMatchObject({
        seq: 1,
        type: 'turn',
        channel: expect.stringMatching(/^mcp:/)
      })
      const tail = runHearth(['--home', temp.dir, '--json', 'nexus', 'tail']).json<{
        entries: Array<{ summary: string }>
      }>()
      expect(tail.entries.map((entry) => entry.summary)).toEqual(['Checked the log from the Inspector'])
    }
  )
})
