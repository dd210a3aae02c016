import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runHearthAsync } from '../helpers/cli'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { FIXTURE_SERVER } from './fixtureServer'

const harness = useFakeModelCore()

/** A config.json with a Claude-Code-shaped entry that works, a command that does not exist, and a server that greets on stdout. */
function writeConfig(): void {
  const config = {
    mcpServers: {
      pasted: {
        type: 'stdio',
        command: process.execPath,
        args: [FIXTURE_SERVER, '--count', '2'],
        env: {},
        alwaysAllow: ['list_repositories']
      },
      ghost: { command: 'hearth-test-no-such-command', args: [] },
      chatty: { command: process.execPath, args: [FIXTURE_SERVER, '--stdout-banner'] }
    },
    tools: { mcp: { startTimeoutMs: 60_000 } }
  }
  writeFileSync(join(harness.home, 'config.json'), JSON.stringify(config))
  harness.open({ agent: ['Ops', 'ops'], env: {} }).dispose()
}

function chat(json: boolean): ReturnType<typeof runHearthAsync> {
  const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: harness.fake.url }
  return runHearthAsync(
    ['chat', '--home', harness.home, '--agent', 'ops', ...(json ? ['--json'] : []), 'List the repositories'],
    { env }
  )
}

describe('`hearth chat` shows tool-server problems', () => {
  it('--json lists each problem by server while the working server is used', async () => {
    writeConfig()
    harness.fake.script(
      { toolUses: [{ name: 'mcp__pasted__list_repositories', input: {} }] },
      'Two repositories.'
    )
    const run = await chat(true)
    expect(run.code, run.stderr).toBe(0)
    const out = run.json<{
      toolCalls: { name: string; ok: boolean }[]
      problems: { server: string; message: string }[]
    }>()
    expect(out.toolCalls).toEqual([{ name: 'mcp__pasted__list_repositories', input: {}, ok: true }])
    const byServer = Object.fromEntries(out.problems.map((problem) => [problem.server, problem.message]))
    expect(Object.keys(byServer).sort()).toEqual(['chatty', 'ghost', 'pasted'])
    expect(byServer.pasted).toBe('config.json: "alwaysAllow" is not used by Hearth; ignored')
    // Planned twice in this turn (session start, then the tool call): the second plan does not start it again.
    expect(byServer.ghost).toMatch(
      /^left out: could not start `hearth-test-no-such-command`: the command was not found; check "command" and that the program is installed and on PATH \(Hearth tries again in \d+ s, or press Test in Settings → Tools\)$/
    )
    // The banner fails the handshake at once (the start timeout here is a minute).
    expect(byServer.chatty).toMatch(
      /^left out: could not start .*: it wrote something that is not MCP on stdout \(Unexpected token 'H', "Hello from"/
    )
    expect(run.stderr).toBe('')
  })

  it('human mode writes one stderr line per problem and keeps stdout for the reply', async () => {
    writeConfig()
    harness.fake.script('Nothing to run today.')
    const run = await chat(false)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^Nothing to run today\./)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines.every((line) => /^hearth: MCP server "(pasted|ghost|chatty)": /.test(line))).toBe(true)
  })
})
