import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useWebCore } from '../helpers/webCore'
import { sentSystemText } from '../../src/core/testing/requestShape'

const web = useWebCore()

function project(name: string, rules: string): string {
  const dir = join(web.home, name)
  mkdirSync(dir)
  writeFileSync(join(dir, 'AGENTS.md'), rules)
  return dir
}

describe('the project folder of a chat', () => {
  it('is stored with the session, shown by sessions.get, and the Prompt view equals the first request byte for byte', async () => {
    const site = project('site', '# Site rules\n\nAlways answer in haiku.\n')
    const preview = await web.call('prompt.assemble', { agentId: 'scribe', cwd: `${site}/` })
    const { turnId, sessionId } = await web.call('chat.send', {
      agentId: 'scribe',
      cwd: site,
      text: 'Hello there'
    })
    await web.settled(turnId)
    const request = web.fake.requests.find((r) => r.path === '/v1/messages')?.body
    expect(sentSystemText(request)).toBe(preview.text)
    expect(preview.text).toContain('Always answer in haiku.')
    expect(preview.tiers.context).toContain('Always answer in haiku.')
    const detail = await web.call('sessions.get', { id: sessionId })
    expect(detail.cwd).toBe(site)
    expect(detail.systemPrompt).toBe(preview.text)
    expect(detail.promptLayers.find((layer) => layer.id === 'rules')?.source).toBe(join(site, 'AGENTS.md'))
    const [listed] = (await web.call('sessions.list', { agentId: 'scribe' })).items
    expect(listed?.cwd).toBe(site)
  })

  it('a chat without a folder has no context tier, exactly like the Prompt view without one', async () => {
    const preview = await web.call('prompt.assemble', { agentId: 'scribe' })
    const { turnId } = await web.call('chat.send', { agentId: 'scribe', text: 'Hi' })
    await web.settled(turnId)
    expect(sentSystemText(web.fake.requests[0]?.body)).toBe(preview.text)
    expect(preview.tiers.context).toBe('')
  })

  it('another folder for an open session starts a new session there; the old one keeps its folder', async () => {
    const one = project('one', 'Rules of one.\n')
    const two = project('two', 'Rules of two.\n')
    const first = await web.call('chat.send', { agentId: 'scribe', cwd: one, text: 'In one' })
    await web.settled(first.turnId)
    const cost = await web.call('sessions.cacheBreakCost', { id: first.sessionId, cwd: two })
    expect(cost.prefixTokens).toBeGreaterThan(1000)
    expect(cost.extraCostUsd).toBeGreaterThan(0)
    const moved = await web.call('chat.send', { sessionId: first.sessionId, cwd: two, text: 'In two' })
    await web.settled(moved.turnId)
    expect(moved.sessionId).not.toBe(first.sessionId)
    expect((await web.call('sessions.get', { id: moved.sessionId })).cwd).toBe(two)
    const old = await web.call('sessions.get', { id: first.sessionId })
    expect(old.cwd).toBe(one)
    expect(old.messages.map((m) => m.content[0])).toEqual([
      { type: 'text', text: 'In one' },
      expect.anything()
    ])
    expect(sentSystemText(web.fake.requests.at(-1)?.body)).toContain('Rules of two.')
    expect(web.fake.requests.at(-1)?.body?.messages).toHaveLength(1)
  })

  it('refuses a relative, missing or non-folder path with a clear message and stores nothing', async () => {
    writeFileSync(join(web.home, 'note.txt'), 'x')
    expect(
      (await web.refusal('chat.send', { agentId: 'scribe', cwd: 'relative/dir', text: 'hi' })).message
    ).toMatch(/must be an absolute path/)
    expect(
      (await web.refusal('chat.send', { agentId: 'scribe', cwd: join(web.home, 'nope'), text: 'hi' })).message
    ).toMatch(/does not exist or is not a folder/)
    expect(
      (await web.refusal('chat.send', { agentId: 'scribe', cwd: join(web.home, 'note.txt'), text: 'hi' }))
        .message
    ).toMatch(/not a folder/)
    expect((await web.call('sessions.list', {})).items).toEqual([])
  })
})
