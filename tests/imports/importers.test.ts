import Database from 'better-sqlite3'
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { createWriteStream } from 'node:fs'
import { createCore, type Core } from '../../src/core/createCore'
import { runHearth } from '../helpers/cli'
import { writeHermesStateDb } from '../helpers/hermesStateDb'
import { makeTempDir } from '../helpers/tempHome'
import { z } from 'zod'
import { callerOf, present } from '../../src/core/testing/callCore'

const FIXTURES = join(__dirname, '..', 'fixtures', 'imports')

let dir: string
let cleanup: () => void
let core: Core

beforeEach(() => {
  ;({ dir, cleanup } = makeTempDir('hearth-import-'))
  core = createCore({ home: join(dir, 'home'), host: 'electron' })
})
afterEach(() => {
  core.dispose()
  cleanup()
})

const call = callerOf(() => core)

function hermesHome(): string {
  const home = join(dir, 'hermes')
  cpSync(join(FIXTURES, 'hermes'), home, { recursive: true })
  writeHermesStateDb(join(home, 'state.db'))
  return home
}

describe('hearth import hermes', () => {
  it('brings persona, candidates with provenance, skills, sessions with their times and proposed servers', async () => {
    const path = hermesHome()
    const preview = await call('imports.preview', { source: 'hermes', path })
    expect(preview).toMatchObject({ importId: null, dryRun: true, agent: { id: 'hermes', created: true } })
    expect(core.services.agents.list()).toEqual([])

    const report = await call('imports.run', { source: 'hermes', path })
    expect(report.counts.candidate).toMatchObject({ found: 5, new: 5, blocked: 1 })
    expect(report.counts.session).toMatchObject({ found: 2, new: 2 })
    expect(report.counts.message).toMatchObject({ new: 6 })
    expect(report.counts.skill).toMatchObject({ new: 2 })
    expect(report.counts.mcp_server).toMatchObject({ found: 2, new: 2, skipped: 1 })
    expect(report.proposals.map((p) => [p.name, p.status, p.envNames])).toEqual([
      ['github', 'pending', ['GITHUB_PERSONAL_ACCESS_TOKEN']],
      ['docs', 'pending', []]
    ])
    expect(report.persona.action).toBe('write')
    const agentId = report.agent.id
    expect(readFileSync(core.services.paths.soul(agentId), 'utf8')).toContain('You are Atlas')

    const { candidates } = await call('review.list', { importId: present(report.importId) })
    expect(candidates).toHaveLength(5)
    const staging = present(candidates.find((c) => c.text.includes('borealis-stg')))
    expect(staging).toMatchObject({
      origin: 'import',
      status: 'pending',
      provenance: { source: 'hermes', file: 'memories/MEMORY.md', line: 3 }
    })
    const injected = present(candidates.find((c) => c.text.startsWith('Ignore all previous')))
    expect(injected.scanFailed).toBe(true)
    expect(candidates.filter((c) => c.speaker === 'user')).toHaveLength(2)
    expect(
      existsSync(join(core.services.paths.skills, 'devops', 'deploy-check', 'scripts', 'check.sh'))
    ).toBe(true)
    expect(existsSync(join(core.services.paths.skills, 'imported', 'notes', 'SKILL.md'))).toBe(true)

    const { items: sessions } = await call('sessions.list', { agentId })
    expect(sessions.map((s) => [s.title, s.importedFrom, s.startedAtMs])).toEqual(
      expect.arrayContaining([['Borealis staging check', 'hermes', 1741078800000]])
    )
    const detail = await call('sessions.get', {
      id: present(sessions.find((s) => s.title === 'Borealis staging check')).id
    })
    expect(detail.messages.map((m) => [m.role, m.kind, m.createdAtMs])).toEqual([
      ['user', 'text', 1741078801500],
      ['assistant', 'reply', 1741078803000],
      ['user', 'tool_results', 1741078804000],
      ['assistant', 'reply', 1741078805000]
    ])
    expect(detail.messages[1]?.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'terminal',
      input: { command: 'curl -fsS https://borealis-stg/health' }
    })
    const { hits } = await call('sessions.search', { query: 'PostgreSQL' })
    expect(hits.length).toBeGreaterThan(0)
  })

  it('a second run imports 0 new items and says so; a clashing skill is reported, never overwritten', async () => {
    const path = hermesHome()
    await call('imports.run', { source: 'hermes', path })
    writeFileSync(join(core.services.paths.skills, 'imported', 'notes', 'SKILL.md'), 'my own notes skill')
    const again = await call('imports.run', { source: 'hermes', path })
    expect(again).toMatchObject({ importId: null, nothingNew: true })
    expect(again.summary).toContain('0 new items')
    const { items: sessionsAfter } = await call('sessions.list', {})
    expect(sessionsAfter).toHaveLength(2)

    writeFileSync(join(path, 'skills', 'notes', 'SKILL.md'), 'a changed notes skill')
    const third = await call('imports.run', { source: 'hermes', path })
    expect(third.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'skill', reason: expect.stringContaining('not overwritten') })
      ])
    )
    expect(readFileSync(join(core.services.paths.skills, 'imported', 'notes', 'SKILL.md'), 'utf8')).toBe(
      'my own notes skill'
    )
  })

  it('a bad file stops the import with its name and line, and writes nothing', async () => {
    const path = hermesHome()
    writeFileSync(join(path, 'config.yaml'), 'mcp_servers:\n  github:\n    args: [unclosed\n')
    await expect(call('imports.run', { source: 'hermes', path })).rejects.toThrow(
      /config\.yaml is not valid YAML.*line/
    )
    expect(core.services.agents.list()).toEqual([])
    expect((await call('sessions.list', {})).items).toEqual([])
    expect((await call('review.list', {})).candidates).toEqual([])
  })

  it("asks before replacing an agent's own SOUL.md", async () => {
    const path = hermesHome()
    const ada = core.services.agents.create('Ada')
    writeFileSync(core.services.paths.soul(ada.id), 'I am Ada, and this is mine.')
    const report = await call('imports.run', { source: 'hermes', path, agentId: ada.id })
    expect(report.persona.action).toBe('ask')
    expect(readFileSync(core.services.paths.soul(ada.id), 'utf8')).toBe('I am Ada, and this is mine.')
    const replaced = await call('imports.run', { source: 'hermes', path, agentId: ada.id, replaceSoul: true })
    expect(replaced.persona.action).toBe('replace')
    expect(readFileSync(core.services.paths.soul(ada.id), 'utf8')).toContain('You are Atlas')
  })

  it('accepting a proposed server adds it to the tools; nothing ran before', async () => {
    const report = await call('imports.run', { source: 'hermes', path: hermesHome() })
    expect((await call('tools.listServers', {})).servers).toEqual([])
    const docs = present(report.proposals.find((p) => p.name === 'docs'))
    const decided = await call('imports.decideProposal', { id: docs.id, decision: 'dismiss' })
    expect(decided.proposal.status).toBe('dismissed')
  })
})

describe('hearth import openclaw (fixture from a real OpenClaw run)', () => {
  it('maps SOUL, IDENTITY name, USER directives, MEMORY and daily notes, and both transcript layouts', async () => {
    const report = await call('imports.run', { source: 'openclaw', path: join(FIXTURES, 'openclaw') })
    expect(report.agent).toMatchObject({ name: 'Juno', created: true })
    expect(report.counts.session).toMatchObject({ found: 3, new: 3 })
    expect(report.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'marked superseded in USER.md' })])
    )
    const { candidates } = await call('review.list', { importId: present(report.importId) })
    const texts = candidates.map((c) => c.text)
    expect(texts).toEqual(
      expect.arrayContaining([
        'Prefer short answers with the command first, explanation after.',
        'Juniper deploys happen on Fridays after 16:00, never on holidays.',
        'The user prefers tea over coffee, green tea in the afternoon.'
      ])
    )
    const daily = present(candidates.find((c) => c.text.startsWith('The user prefers tea')))
    expect(daily.provenance).toMatchObject({ file: 'workspace/memory/2026-11-30.md', line: 3 })
    expect(daily.createdAtMs).toBe(Date.parse('2026-11-30T12:00:00Z'))
    const { items: sessions } = await call('sessions.list', {})
    const frost = present(sessions.find((s) => s.title.startsWith('Will it frost')))
    expect(frost.importedFrom).toBe('openclaw')
    const first = present(sessions.find((s) => s.title.startsWith('I prefer tea')))
    const detail = await call('sessions.get', { id: first.id })
    expect(detail.messages[1]?.content[0]).toMatchObject({ type: 'tool_use', name: 'write' })
    expect(detail.messages[2]).toMatchObject({ role: 'user', kind: 'tool_results' })
    expect(
      readFileSync(
        join(core.services.paths.agentDir(report.agent.id), 'imported', 'openclaw-AGENTS.md'),
        'utf8'
      )
    ).toContain('AGENTS.md')
  })
})

async function zipOf(file: string, inner: string, into: string): Promise<void> {
  const zip = new yazl.ZipFile()
  zip.addFile(file, inner)
  zip.addBuffer(Buffer.from('<html></html>'), 'chat.html')
  const done = new Promise<void>((resolve) =>
    zip.outputStream.pipe(createWriteStream(into)).on('close', () => resolve())
  )
  zip.end()
  await done
}

describe('hearth import chatgpt and claude', () => {
  it('ChatGPT: follows current_node for the shown branch and keeps the others as versions', async () => {
    const zip = join(dir, 'chatgpt.zip')
    await zipOf(join(FIXTURES, 'chatgpt', 'conversations.json'), 'conversations.json', zip)
    const report = await call('imports.run', { source: 'chatgpt', path: zip })
    expect(report.counts.session).toMatchObject({ found: 2, new: 2 })
    const { items: sessions } = await call('sessions.list', {})
    const sourdough = present(sessions.find((s) => s.title === 'Sourdough starter'))
    expect(sourdough).toMatchObject({ importedFrom: 'chatgpt', startedAtMs: 1709283600250 })
    const detail = await call('sessions.get', { id: sourdough.id })
    expect(detail.messages.map((m) => m.content[0]?.text)).toEqual([
      'How often should I feed my sourdough starter?',
      'Once a day at room temperature.',
      'And if I keep it in the fridge?',
      'Feed it once a week; take it out a day before baking.'
    ])
    expect(detail.versions).toHaveLength(1)
    expect(detail.versions[0]?.versionTurnIds).toHaveLength(3)
    const code = present(sessions.find((s) => s.title === 'Plot y = x^2 for me'))
    const codeDetail = await call('sessions.get', { id: code.id })
    expect(codeDetail.messages).toHaveLength(2)
    expect(report.skipped).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'file' })]))
  })

  it('Claude: the list of chat messages, attachment text kept, an empty chat skipped; malformed JSON reported by line', async () => {
    const report = await call('imports.run', {
      source: 'claude',
      path: join(FIXTURES, 'claude', 'conversations.json')
    })
    expect(report.counts.session).toMatchObject({ found: 1, new: 1, skipped: 1 })
    const { items: sessions } = await call('sessions.list', {})
    const detail = await call('sessions.get', { id: present(sessions[0]).id })
    expect(sessions[0]).toMatchObject({
      title: 'Lisbon tide tables',
      startedAtMs: Date.parse('2025-01-10T08:00:00Z')
    })
    expect(detail.messages[0]?.content[0]?.text).toContain('[Attached: tides.csv]')
    expect(detail.messages[1]?.content[0]?.text).toBe('Low tide is at 06:10, 0.6 m.')

    const bad = join(dir, 'bad.json')
    writeFileSync(bad, '[\n{"uuid": "x", "chat_messages": []},\n{"uuid": oops}\n]')
    await expect(call('imports.run', { source: 'claude', path: bad })).rejects.toThrow(
      /bad.json is not valid JSON near line \d+ \(byte \d+\)/
    )
  })
})

describe('hearth import as a real process', () => {
  it('prints one JSON report; --dry-run writes nothing; a second run says 0 new', () => {
    const home = join(dir, 'cli-home')
    const path = hermesHome()
    const dry = runHearth(['--home', home, 'import', 'hermes', path, '--dry-run', '--json'])
    expect(dry.code).toBe(0)
    expect(dry.json()).toMatchObject({ dryRun: true, importId: null })
    const run = runHearth(['--home', home, 'import', 'hermes', path, '--json'])
    const counts = z.object({ counts: z.object({ session: z.object({ new: z.number() }) }) })
    expect(run.parsed(counts).counts.session.new).toBe(2)
    const again = runHearth(['--home', home, 'import', 'hermes', path])
    // Only the progress line, rewritten in place: no warning.
    expect(
      again.stderr.split('\r').filter((l) => l.trim() !== '' && !/^(reading|writing|done):/.test(l))
    ).toEqual([])
    expect(again.stdout).toContain('0 new items')
    const db = new Database(join(home, 'hearth.db'), { readonly: true })
    expect(db.prepare("SELECT count(*) FROM sessions WHERE import_source = 'hermes'").pluck().get()).toBe(2)
    db.close()
    const usage = runHearth(['--home', home, 'import', 'gemini'])
    expect(usage.code).toBe(2)
  })
})
