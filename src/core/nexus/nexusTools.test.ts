import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { runTool } from '../tools/runTool'
import type { ToolDefinition } from '../tools/toolTypes'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'

/** What the tools answer, as far as these tests read it (each tool answers with some of these). */
interface ToolAnswer {
  readonly seq?: number
  readonly total?: number
  readonly entries?: readonly { readonly hash?: string }[]
  readonly error?: string
  readonly stillAwaiting?: readonly number[]
  readonly hash?: string
  readonly version?: number | null
  readonly changed?: boolean
  readonly current?: unknown
}

describe("the agents' Nexus tools", () => {
  let home: NexusTestHome
  let tools: Map<string, ToolDefinition>
  beforeEach(() => {
    home = openNexusTestHome()
    home.agents.create('Ella', testId.agent('ella'))
    home.agents.create('Lyra', testId.agent('lyra'))
    tools = new Map(home.nexus.tools().map((tool) => [tool.name, tool]))
  })
  afterEach(() => home.dispose())

  const as = (agent: string) => ({ agentId: testId.agent(agent), sessionId: testId.session(`s-${agent}`) })
  async function call(name: string, input: Record<string, unknown>, agent = 'lyra') {
    const outcome = await runTool(tools.get(name) as ToolDefinition, input, as(agent))
    return { ok: outcome.ok, value: JSON.parse(outcome.content) as ToolAnswer }
  }

  it('are the six tools of the nexus toolset', () => {
    expect([...tools.keys()]).toEqual([
      'nexus_post',
      'nexus_read',
      'checkpoint',
      'ack',
      'project_state_read',
      'project_state_update'
    ])
    expect([...tools.values()].every((tool) => tool.toolset === 'nexus')).toBe(true)
  })

  it('post and read, signed with the calling agent; a refusal reads as a clean error', async () => {
    const posted = await call('nexus_post', {
      type: 'decision',
      summary: 'Use UTC',
      rationale: 'travel',
      agent: 'ella'
    })
    expect(home.nexus.list({}).entries[0]).toMatchObject({ seq: posted.value.seq, agent: 'lyra' })
    const found = await call('nexus_read', { search: 'utc' })
    expect(found.value.total).toBe(1)
    expect(found.value.entries?.[0]).toBeDefined()
    expect(found.value.entries?.[0]?.hash).toBeUndefined()
    expect(await call('nexus_post', { type: 'decision', summary: 'no why' })).toEqual({
      ok: false,
      value: {
        error:
          'A decision needs a rationale: say why it was decided (rationale field, --rationale in the CLI)'
      }
    })
  })

  it('checkpoint records goal, done, next and open questions', async () => {
    const result = await call('checkpoint', {
      goal: 'Move the photo library to WebP',
      done: 'Lisbon and Porto albums',
      next: 'The 2019 albums, then the thumbnails',
      open_questions: 'Keep the JPEG originals?'
    })
    const [entry] = home.nexus.checkpointsOfAll()
    expect(entry).toMatchObject({
      seq: result.value.seq,
      agent: 'lyra',
      summary: 'Checkpoint: Move the photo library to WebP'
    })
    expect(entry?.body).toBe(
      'Goal: Move the photo library to WebP\nDone: Lisbon and Porto albums\nNext: The 2019 albums, then the thumbnails\nOpen questions: Keep the JPEG originals?\nSession s-lyra.'
    )
  })

  it('ack clears what awaited the agent and says what still does', async () => {
    const first = home.nexus.post({
      agent: 'ella',
      type: 'decision',
      summary: 'Dates are UTC',
      rationale: 'travel'
    })
    const second = home.nexus.post({ agent: 'ella', type: 'handoff', summary: 'Lyra takes the importer' })
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'Just a turn' })
    expect(home.nexus.acks.awaiting('lyra').map((entry) => entry.seq)).toEqual([
      first.entry.seq,
      second.entry.seq
    ])
    const acked = await call('ack', { refs: [first.entry.seq] })
    expect(acked.value.stillAwaiting).toEqual([second.entry.seq])
    expect(home.nexus.list({ type: 'ack' }).entries[0]).toMatchObject({
      agent: 'lyra',
      summary: `Acknowledged #${first.entry.seq}`
    })
    expect((await call('ack', { refs: [999] })).value.error).toMatch(/do not exist/)
  })

  it('project_state_update saves on the hash read, and a stale update returns the current version, hash and text', async () => {
    const read = (await call('project_state_read', {})).value
    expect(read).toMatchObject({ version: null })
    const saved = await call('project_state_update', {
      text: '# Goals\n\nShip in March.\n',
      baseHash: read.hash
    })
    expect(saved.value).toMatchObject({ changed: true, version: expect.any(Number) })
    expect(home.nexus.list({ type: 'state' }).entries[0]).toMatchObject({ agent: 'lyra' })
    const stale = await call('project_state_update', { text: 'mine', baseHash: read.hash }, 'ella')
    expect(stale.ok).toBe(false)
    expect(stale.value.error).toContain('The project state changed after you read it')
    expect(stale.value.error).toContain(`call project_state_update again with baseHash "${saved.value.hash}"`)
    expect(stale.value.error).not.toMatch(/Reload it/)
    expect(stale.value.current).toEqual({
      text: '# Goals\n\nShip in March.\n',
      hash: saved.value.hash,
      version: saved.value.version
    })
    expect(home.nexus.projectState.current().text).toBe('# Goals\n\nShip in March.\n')
  })
})
