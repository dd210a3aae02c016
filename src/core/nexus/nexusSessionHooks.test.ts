import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { NexusSessionEndHook, oneLine } from './nexusSessionHooks'
import { openNexusTestHome, seedChat, type NexusTestHome } from './testing/nexusTestHome'

describe('the session-end entry', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  const hook = (): NexusSessionEndHook =>
    new NexusSessionEndHook(home.nexus, home.transcripts, home.nexus.turnEntries)
  const end = (id: string) => hook().run({ sessionId: testId.session(id), agentId: testId.agent('ella') })

  it('sums the session up — turns, tools, decisions, how it ended — not its first message', async () => {
    seedChat(home, {
      id: 's1',
      agent: 'ella',
      title: 'Remember [[call memory {"action":"add"',
      turns: [
        {
          turnId: 't1',
          request: 'Remember [[call memory {"action":"add","target":"memory"',
          reply: 'Started.'
        },
        {
          turnId: 't2',
          request: 'Now import the photos',
          reply: 'Imported 90 albums and resized them. Anything else?'
        }
      ]
    })
    home.db
      .prepare(
        `INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at)
         VALUES ('s1', 't2', 'assistant', 'reply', '[{"type":"tool_use","id":"u1","name":"import_photos","input":{}}]', '', 'complete', 0, 0)`
      )
      .run()
    const decision = home.nexus.post({
      agent: 'ella',
      type: 'decision',
      summary: 'Thumbnails are WebP',
      rationale: 'smaller'
    })
    const entry = await end('s1')
    expect(entry).toMatchObject({ agent: 'ella', type: 'turn', refs: [decision.entry.seq] })
    expect(entry?.summary).toBe(
      `Session ended (2 turns) · ran import_photos · decided #${decision.entry.seq} · last: Imported 90 albums and resized them.`
    )
    expect(entry?.summary).not.toContain('Remember')
    expect(entry?.body).toContain(`Session s1 ended.`)
    expect(entry?.body).toContain('Last reply: Imported 90 albums and resized them. Anything else?')
    expect(entry?.body).toContain(`Decisions: #${decision.entry.seq} Thumbnails are WebP`)
    expect(await end('s1')).toBeNull()
    expect(home.nexus.list({ type: 'turn' }).total).toBe(1)
  })

  it('lists and refers to the turn entries the session left', async () => {
    seedChat(home, {
      id: 's2',
      agent: 'ella',
      turns: [{ turnId: 't1', request: 'Tidy up', reply: 'Tidied.' }]
    })
    const marked = home.nexus.turnEntries.mark(testId.session('s2'), testId.turn('t1'))
    expect(marked.created).toBe(true)
    expect(home.nexus.turnEntries.mark(testId.session('s2'), testId.turn('t1'))).toEqual({
      entry: marked.entry,
      created: false
    })
    const entry = await end('s2')
    expect(entry?.refs).toEqual([marked.entry.seq])
    expect(entry?.body).toContain(`Turns: #${marked.entry.seq} Asked “Tidy up” · no tools · replied: Tidied.`)
  })

  it('writes a plain entry for a session it cannot read, and nothing for an empty session', async () => {
    expect(await end('unknown')).toMatchObject({
      summary: 'Session ended (turns unknown) · no tools · no reply text recorded'
    })
    seedChat(home, { id: 'empty', agent: 'ella', turns: [] })
    expect(await end('empty')).toBeNull()
  })

  it('cuts long text to one line of at most 200 characters', () => {
    expect(oneLine(`a\n${'b'.repeat(300)}`)).toHaveLength(200)
    expect(oneLine(' x \n y ')).toBe('x y')
  })
})
