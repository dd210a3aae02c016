import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import type { MethodInput, MethodName, MethodOutput } from '../../src/shared/contract'
import { makeTempDir } from '../helpers/tempHome'

/** Secrets in their real formats, each kept by Hearth in the secret store, never in config.json. */
const ANTHROPIC_KEY = 'sk-ant-api03-ANTHROPICxPLANTEDxFORxSECRETSxTEST-0123456789AA'
const EMBEDDING_KEY = 'sk-proj-EMBEDDINGxKEYxPLANTEDxFORxTHExTEST-9876543210'
const MCP_TOKEN = 'ghp_MCPxHEADERxTOKENxPLANTEDx0123456789ab'
const ENV_EMBEDDING_KEY = 'emb-env-KEYxFROMxTHExENVIRONMENTx42424242'
const ALL = [ANTHROPIC_KEY, EMBEDDING_KEY, MCP_TOKEN, ENV_EMBEDDING_KEY]

let dir: string
let cleanup: () => void
let core: Core

beforeEach(async () => {
  ;({ dir, cleanup } = makeTempDir('hearth-secrets-'))
  core = createCore({
    home: join(dir, 'home'),
    host: 'cli',
    env: { HEARTH_EMBEDDINGS_API_KEY: ENV_EMBEDDING_KEY }
  })
  await call('agents.create', { name: 'Ada', id: 'ada' })
  await call('settings.setApiKey', { key: ANTHROPIC_KEY })
  await call('knowledge.setEmbeddings', {
    baseUrl: 'http://127.0.0.1:9/v1',
    model: 'nomic-embed-text',
    apiKey: EMBEDDING_KEY
  })
  await call('tools.saveServer', {
    server: { name: 'github', transport: 'http', url: 'https://mcp.example.com/mcp' },
    headers: { Authorization: `Bearer ${MCP_TOKEN}` }
  })
})
afterEach(() => {
  core.dispose()
  cleanup()
})

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = await dispatch(core.handlers, { method, input })
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as MethodOutput<M>
}

async function unzipAll(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened)))
  )
  const entries = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      })
    )
    zip.on('end', () => resolve())
    zip.on('error', reject)
    zip.readEntry()
  })
  return entries
}

function holds(bytes: Buffer | string, secret: string): boolean {
  return (typeof bytes === 'string' ? Buffer.from(bytes) : bytes).includes(secret)
}

describe('secrets besides the Anthropic key', () => {
  it('are known to the guard: the API key, the embedding key (saved and from the environment), MCP header values', async () => {
    const known = await core.services.settings.knownSecrets()
    expect(known).toEqual(expect.arrayContaining(ALL))
    // config.json, the file a backup and sync carry, holds none of them to begin with.
    const config = readFileSync(join(dir, 'home', 'config.json'))
    for (const secret of ALL) expect(holds(config, secret), secret).toBe(false)
  })

  it('never land in a backup or an export, and one pasted into a memory stops the backup', async () => {
    const backup = await call('backup.create', { file: join(dir, 'home.zip') })
    const archive = readFileSync(backup.file)
    for (const secret of ALL) expect(holds(archive, secret), secret).toBe(false)
    for (const [name, bytes] of await unzipAll(backup.file))
      for (const secret of ALL) expect(holds(bytes, `${secret}`), `${secret} in ${name}`).toBe(false)
    const bundle = await call('exports.agent', { agentId: 'ada', withSessions: true })
    for (const secret of ALL) expect(holds(bundle.text, secret), secret).toBe(false)

    for (const secret of [EMBEDDING_KEY, MCP_TOKEN]) {
      await call('memory.apply', {
        agentId: 'ada',
        target: 'memory',
        action: 'add',
        content: `token ${secret}`
      })
      const exported = await call('exports.agent', { agentId: 'ada', withSessions: false })
      expect(holds(exported.text, secret), secret).toBe(false)
      const refused = await dispatch(core.handlers, {
        method: 'backup.create',
        input: { file: join(dir, `leak-${secret.slice(0, 6)}.zip`) }
      })
      expect(refused.ok ? 'written' : refused.error.message).toMatch(
        /^The backup was not written: the API key .* appears in .*(MEMORY\.md|of the database)/
      )
      await call('memory.apply', { agentId: 'ada', target: 'memory', action: 'remove', oldText: secret })
    }
  })
})
