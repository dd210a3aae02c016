import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import yazl from 'yazl'
import { createWriteStream } from 'node:fs'
import { createCore, type Core } from '../../src/core/createCore'
import { AgentId, type MethodInput, type MethodName, type MethodOutput } from '../../src/shared/contract'
import { BackupManifest } from '../../src/core/backup/backupManifest'
import { dispatch } from '../../src/core/rpc/dispatch'
import { callCore, present } from '../../src/core/testing/callCore'
import { AgentBundle } from '../../src/shared/contract/agentBundle'
import { BackupResult, RestoreResult } from '../../src/shared/contract/backup'
import { insertApprovedFact } from '../helpers/facts'
import { runHearthAsync } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

const FIXTURES = join(__dirname, '..', 'fixtures', 'imports')
/** A key in the real format: planted in the home's secret store, it must appear in no archive. */
const API_KEY = 'sk-ant-api03-PLANTEDxKEYxFORxTHExBACKUPxTEST-0123456789abcdefAA'

let dir: string
let cleanup: () => void
let core: Core

beforeEach(() => {
  ;({ dir, cleanup } = makeTempDir('hearth-backup-'))
  core = createCore({ home: join(dir, 'home'), host: 'electron' })
})
afterEach(() => {
  core.dispose()
  cleanup()
})

/** One contract call, typed by the contract; a refusal throws `code: words`. */
function call<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
  on: Core = core
): Promise<MethodOutput<M>> {
  return callCore(on.handlers, method, input)
}

async function refusal(method: string, input: unknown): Promise<string> {
  const result = await dispatch(core.handlers, { method, input })
  if (result.ok) throw new Error(`${method} was expected to be refused`)
  return `${result.error.code}: ${result.error.message}`
}

/** A home with something of every kind: agent, memory entries and a file, facts, chats, a skill, the Nexus, the key. */
async function seedHome(): Promise<void> {
  await call('agents.create', { name: 'Ada', id: 'ada' })
  await call('memory.apply', { agentId: 'ada', target: 'memory', action: 'add', content: 'Builds with Vite' })
  await call('memory.apply', {
    agentId: 'ada',
    target: 'user',
    action: 'add',
    content: 'Prefers short answers'
  })
  insertApprovedFact(core, AgentId.parse('ada'), 'The staging server is called kettle')
  await call('imports.run', {
    source: 'chatgpt',
    path: join(FIXTURES, 'chatgpt', 'conversations.json'),
    agentId: 'ada'
  })
  mkdirSync(join(dir, 'home', 'skills', 'deploy'), { recursive: true })
  writeFileSync(
    join(dir, 'home', 'skills', 'deploy', 'SKILL.md'),
    '---\nname: deploy\ndescription: Ship it\n---\nRun make.\n'
  )
  await call('nexus.post', { agent: 'ada', type: 'decision', summary: 'Use SQLite', rationale: 'one file' })
  await call('settings.setApiKey', { key: API_KEY })
}

/** The key pasted into the agent's MEMORY.md, as a careless user might. */
async function plantKeyInMemory(): Promise<void> {
  await call('memory.apply', {
    agentId: 'ada',
    target: 'memory',
    action: 'add',
    content: `key is ${API_KEY}`
  })
}

/** Every entry of a zip, uncompressed. */
async function unzipAll(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z)))
  )
  const out = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      })
    )
    zip.on('end', resolve)
    zip.on('error', reject)
    zip.readEntry()
  })
  return out
}

async function writeZip(file: string, entries: Map<string, Buffer>): Promise<void> {
  const zip = new yazl.ZipFile()
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name)
  zip.end()
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject)
  )
}

describe('hearth backup and restore', () => {
  it('copies the whole home into one archive with hashes and restores it verified, never holding the key', async () => {
    await seedHome()
    const before = (await call('sessions.list', { agentId: 'ada', limit: 100 })).items.length
    expect(before).toBeGreaterThan(0)

    const backup = await call('backup.create', { file: join(dir, 'home.zip') })
    expect(backup).toMatchObject({ file: join(dir, 'home.zip'), counts: { facts: 1, nexusEntries: 1 } })
    expect(backup.counts.sessions).toBe(before)

    const entries = await unzipAll(backup.file)
    const manifest = BackupManifest.parse(JSON.parse(entries.get('manifest.json')!.toString('utf8')))
    const names = [...entries.keys()].filter((n) => n !== 'manifest.json').sort()
    expect(names).toEqual(manifest.files.map((f) => `home/${f.path}`).sort())
    expect(names).toEqual(
      expect.arrayContaining([
        'home/hearth.db',
        'home/config.json',
        'home/agents/ada/SOUL.md',
        'home/skills/deploy/SKILL.md'
      ])
    )
    expect(names.some((n) => /-wal$|-shm$|^home\/logs\//.test(n))).toBe(false)
    for (const [name, bytes] of entries) expect(bytes.includes(API_KEY), name).toBe(false)
    expect(readFileSync(backup.file).includes(API_KEY)).toBe(false)

    const restored = await call('backup.restore', { file: backup.file, home: join(dir, 'restored') })
    expect(restored.verified).toMatchObject({ ok: true, integrity: 'ok', nexus: { ok: true, count: 1 } })
    expect(restored.verified.files).toEqual({ checked: manifest.files.length, mismatched: [] })
    const again = createCore({ home: join(dir, 'restored'), host: 'electron' })
    try {
      expect((await call('agents.list', {}, again)).map((a) => a.id)).toEqual(['ada'])
      expect((await call('sessions.list', { agentId: 'ada', limit: 100 }, again)).items).toHaveLength(before)
      expect((await call('memory.show', { agentId: 'ada', target: 'memory' }, again)).entries).toEqual([
        'Builds with Vite'
      ])
      expect(readFileSync(join(dir, 'restored', 'skills', 'deploy', 'SKILL.md'), 'utf8')).toContain(
        'Run make.'
      )
    } finally {
      again.dispose()
    }
  })

  it('refuses a backup that would carry the key, and leaves no archive behind', async () => {
    await seedHome()
    await plantKeyInMemory()
    const message = await refusal('backup.create', { file: join(dir, 'leak.zip') })
    expect(message).toMatch(
      /API key \(or another saved secret[^)]*\) appears in agents\/ada\/MEMORY\.md\. Remove it from there/
    )
    expect(existsSync(join(dir, 'leak.zip'))).toBe(false)
    expect(readdirSync(dir).filter((n) => n.startsWith('.hearth-backup-'))).toEqual([])
  })

  it('takes a key pasted into a chat out of the copy (never the live home) and says so', async () => {
    await seedHome()
    const source = readFileSync(join(FIXTURES, 'chatgpt', 'conversations.json'), 'utf8')
    const pasted = join(dir, 'pasted.json')
    writeFileSync(pasted, source.replace('And in the fridge?', `My key is ${API_KEY}, and in the fridge?`))
    await call('imports.run', { source: 'chatgpt', path: pasted, agentId: 'ada' })
    expect(
      (await call('sessions.search', { query: 'fridge' })).hits.some((h) => h.snippet.includes('sk-ant'))
    ).toBe(true)

    const backup = await call('backup.create', { file: join(dir, 'home.zip') })
    expect(backup.secretsRemoved).toContain('messages')
    for (const [name, bytes] of await unzipAll(backup.file)) expect(bytes.includes(API_KEY), name).toBe(false)
    await call('backup.restore', { file: backup.file, home: join(dir, 'restored') })
    const again = createCore({ home: join(dir, 'restored'), host: 'electron' })
    try {
      const hits = (await call('sessions.search', { query: 'fridge' }, again)).hits
      expect(hits.map((h) => h.snippet).join(' ')).toContain('secret removed')
    } finally {
      again.dispose()
    }
    const live = (await call('sessions.search', { query: 'fridge' })).hits
    expect(live.map((h) => h.snippet).join(' ')).toContain('sk-ant')
  })

  it('refuses a folder that is not empty, and archives that are not whole, changing nothing', async () => {
    await seedHome()
    const { file } = await call('backup.create', { file: join(dir, 'home.zip') })
    expect(await refusal('backup.restore', { file, home: join(dir, 'home') })).toMatch(
      /is not empty .* restored only into an empty folder/
    )
    expect(await refusal('backup.create', { file })).toMatch(/already exists/)
    expect(await refusal('backup.create', { file: join(dir, 'home', 'inside.zip') })).toMatch(
      /inside the home/
    )

    const bytes = readFileSync(file)
    writeFileSync(join(dir, 'truncated.zip'), bytes.subarray(0, Math.floor(bytes.length / 2)))
    expect(
      await refusal('backup.restore', { file: join(dir, 'truncated.zip'), home: join(dir, 't') })
    ).toMatch(/not a readable zip archive/)

    const entries = await unzipAll(file)
    const tampered = new Map(entries)
    tampered.set('home/agents/ada/SOUL.md', Buffer.from('# Someone else\n'))
    await writeZip(join(dir, 'tampered.zip'), tampered)
    expect(
      await refusal('backup.restore', { file: join(dir, 'tampered.zip'), home: join(dir, 't') })
    ).toMatch(
      /Nothing was restored: files differ from the manifest: agents\/ada\/SOUL\.md \(sha256 differs\)/
    )

    const unlisted = new Map(entries)
    unlisted.delete('manifest.json')
    await writeZip(join(dir, 'nomanifest.zip'), unlisted)
    expect(
      await refusal('backup.restore', { file: join(dir, 'nomanifest.zip'), home: join(dir, 't') })
    ).toMatch(/not a Hearth backup: it has no manifest\.json/)

    const climbing = new Map(entries)
    const manifest = BackupManifest.parse(JSON.parse(entries.get('manifest.json')!.toString('utf8')))
    manifest.files.push({ path: '../escape.txt', bytes: 1, sha256: 'x' })
    climbing.set('manifest.json', Buffer.from(JSON.stringify(manifest)))
    await writeZip(join(dir, 'climbing.zip'), climbing)
    expect(
      await refusal('backup.restore', { file: join(dir, 'climbing.zip'), home: join(dir, 't') })
    ).toMatch(/relative path inside the home/)

    expect(existsSync(join(dir, 't'))).toBe(false)
    expect(existsSync(join(dir, 'escape.txt'))).toBe(false)
    expect(readdirSync(dir).filter((n) => n.includes('restoring'))).toEqual([])
  })

  it('backs up consistently while another process keeps writing to the home', async () => {
    await seedHome()
    let posting = true
    let posted = 0
    const writer = (async () => {
      while (posting) {
        await call('nexus.post', { agent: 'ada', type: 'state', summary: `note ${posted}` })
        posted += 1
        await new Promise((r) => setImmediate(r))
      }
    })()
    const run = await runHearthAsync(
      ['--home', join(dir, 'home'), '--json', 'backup', join(dir, 'live.zip')],
      {
        env: { HEARTH_SECRET_STORE: 'memory', ANTHROPIC_API_KEY: API_KEY }
      }
    )
    posting = false
    await writer
    expect(run.code, run.stderr).toBe(0)
    const restore = await runHearthAsync([
      '--home',
      join(dir, 'live'),
      '--json',
      'restore',
      join(dir, 'live.zip')
    ])
    expect(restore.code, restore.stderr).toBe(0)
    const result = restore.parsed(RestoreResult)
    expect(result.verified.ok).toBe(true)
    expect(result.verified.nexus.count).toBeGreaterThanOrEqual(1)
    expect(result.verified.nexus.count).toBe(run.parsed(BackupResult).counts['nexusEntries'])
    expect(statSync(join(dir, 'live.zip')).mode & 0o077).toBe(0)
    for (const [name, bytes] of await unzipAll(join(dir, 'live.zip')))
      expect(bytes.includes(API_KEY), name).toBe(false)
  })
})

describe('hearth export agent and import hearth', () => {
  it('writes one portable bundle that a new home imports as a new agent, facts through Review, idempotently', async () => {
    await seedHome()
    const file = await call('exports.agent', { agentId: 'ada', withSessions: true })
    expect(file.text.includes(API_KEY)).toBe(false)
    const bundle = AgentBundle.parse(JSON.parse(file.text))
    expect(bundle).toMatchObject({ format: 'hearth.agent', version: 1, agent: { id: 'ada', name: 'Ada' } })
    expect(bundle.memory.entries).toEqual(['Builds with Vite'])
    expect(bundle.userEntries).toEqual(['Prefers short answers'])
    expect(bundle.facts.map((f) => f.text)).toEqual(['The staging server is called kettle'])
    expect(bundle.facts[0]?.history.length).toBeGreaterThanOrEqual(0)
    expect(bundle.skills.map((s) => s.path)).toContain('deploy')
    expect(bundle.sessions?.length).toBe(file.counts['sessions'])
    expect(file.counts.sessions).toBeGreaterThan(0)
    const path = join(dir, 'ada.hearth-agent.json')
    writeFileSync(path, file.text)

    const other = createCore({ home: join(dir, 'other'), host: 'electron' })
    try {
      const report = await call('imports.run', { source: 'hearth', path }, other)
      expect(report.agent).toMatchObject({ name: 'Ada', created: true })
      expect(report.counts.candidate.new).toBe(3)
      expect(report.counts.session.new).toBe(file.counts.sessions)
      const pending = (
        await call(
          'review.list',
          { agentId: report.agent.id, importId: present(report.importId, 'an import id') },
          other
        )
      ).candidates
      expect(pending.map((c) => c.text).sort()).toEqual([
        'Builds with Vite',
        'Prefers short answers',
        'The staging server is called kettle'
      ])
      expect(pending.every((c) => c.status === 'pending')).toBe(true)
      const second = await call('imports.run', { source: 'hearth', path }, other)
      expect(second.nothingNew).toBe(true)

      await call('agents.create', { name: 'Bea', id: 'bea' }, other)
      const merged = await call('imports.run', { source: 'hearth', path, agentId: 'bea' }, other)
      expect(merged.agent).toMatchObject({ id: 'bea', created: false })
    } finally {
      other.dispose()
    }
  })

  it('replaces a key that slipped into a memory with a marker instead of exporting it', async () => {
    await seedHome()
    await plantKeyInMemory()
    const file = await call('exports.agent', { agentId: 'ada', withSessions: false })
    expect(file.text.includes(API_KEY)).toBe(false)
    expect(JSON.parse(file.text).memory.entries).toContain('key is [secret removed]')
    expect(JSON.parse(file.text).sessions).toBeNull()
  })
})
