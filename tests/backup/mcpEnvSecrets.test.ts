import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { syncWorld, type SyncHome } from '../../src/core/nexus/sync/testing/syncWorld'

/** An access token as a stdio MCP server takes it, in its `env` entry of config.json. */
const ENV_TOKEN = 'ghp_ENVxVALUExOFxANxMCPxSERVERx0123456789'
/** One the user keeps in the environment, referenced from config.json as ${HEARTH_TEST_MCP_TOKEN}. */
const REFERENCED = 'xoxb-REFERENCEDxTOKENxFROMxTHExENV-4242'

let world: ReturnType<typeof syncWorld>
let home: SyncHome

beforeEach(async () => {
  process.env.HEARTH_TEST_MCP_TOKEN = REFERENCED
  world = syncWorld()
  home = world.home('laptop')
  await home.call('agents.create', { name: 'Ada', id: 'ada' })
  await home.call('tools.saveServer', {
    server: {
      name: 'github',
      transport: 'stdio',
      command: 'github-mcp-server',
      env: {
        GITHUB_PERSONAL_ACCESS_TOKEN: ENV_TOKEN,
        SLACK_TOKEN: '${HEARTH_TEST_MCP_TOKEN}',
        LOG_LEVEL: 'debug',
        DEPLOY_STAGE: 'production-eu-west'
      }
    }
  })
})
afterEach(() => {
  world.dispose()
  delete process.env.HEARTH_TEST_MCP_TOKEN
})

async function entry(file: string, name: string): Promise<string> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened)))
  )
  return new Promise((resolve, reject) => {
    zip.on('entry', (found: yauzl.Entry) => {
      if (found.fileName !== name) return zip.readEntry()
      zip.openReadStream(found, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      })
    })
    zip.on('end', () => reject(new Error(`${name} is not in ${file}`)))
    zip.readEntry()
  })
}

describe("an MCP server's env values are secrets", { timeout: 90_000 }, () => {
  it('are known to the guard, as written and as their ${VAR} expands', async () => {
    const known = await home.core.services.settings.knownSecrets()
    expect(known).toEqual(expect.arrayContaining([ENV_TOKEN, REFERENCED]))
    // Ordinary settings are not searched for: they would match ordinary text and stop backups.
    expect(known).not.toContain('production-eu-west')
    // The live config.json keeps them: the server needs them to run.
    expect(readFileSync(join(home.dir, 'config.json'), 'utf8')).toContain(ENV_TOKEN)
  })

  it('are taken out of the config.json a backup holds; the restored home verifies and says where to enter them again', async () => {
    const backup = await home.call('backup.create', { file: join(world.root, 'home.zip') })
    expect(backup.secretsRemoved).toContain('config.json (the env and header values of MCP servers)')
    const archive = readFileSync(backup.file)
    expect(archive.includes(ENV_TOKEN)).toBe(false)
    expect(archive.includes(REFERENCED)).toBe(false)
    const config = JSON.parse(await entry(backup.file, 'home/config.json'))
    expect(config.mcpServers.github.env).toEqual({
      GITHUB_PERSONAL_ACCESS_TOKEN: '[secret removed]',
      // A reference holds no secret: it still points at the environment after a restore.
      SLACK_TOKEN: '${HEARTH_TEST_MCP_TOKEN}',
      LOG_LEVEL: '[secret removed]',
      DEPLOY_STAGE: '[secret removed]'
    })
    expect(config.mcpServers.github.command).toBe('github-mcp-server')
    const restored = await home.call('backup.restore', { file: backup.file, home: join(world.root, 'back') })
    expect(restored.verified).toMatchObject({ ok: true, integrity: 'ok' })
    // The live home is unchanged.
    expect(readFileSync(join(home.dir, 'config.json'), 'utf8')).toContain(ENV_TOKEN)
    // An agent bundle never holds it either.
    await home.call('memory.apply', {
      agentId: 'ada',
      target: 'memory',
      action: 'add',
      content: `token ${ENV_TOKEN}`
    })
    const bundle = await home.call('exports.agent', { agentId: 'ada', withSessions: true })
    expect(bundle.text).not.toContain(ENV_TOKEN)
  })

  it('never leave through sync: a log holding one is not pushed, and the sync says why', async () => {
    await home.post('ada', 'Set up the GitHub server')
    expect(await home.call('nexus.sync.run', { remote: world.remote })).toMatchObject({ ok: true, pushed: 1 })
    await home.post('ada', `Configured with token ${ENV_TOKEN}`)
    const withheld = await home.call('nexus.sync.run', {})
    expect(withheld).toMatchObject({ ok: false, pushed: 0 })
    expect(withheld.problems.join(' ')).toMatch(/^Nothing of this device was sent: .*holds a saved secret/)
    const history = world.git(['--git-dir', world.remote, 'log', '--all', '-p', '--format=%H'])
    expect(history).toContain('Set up the GitHub server')
    expect(history).not.toContain(ENV_TOKEN)
    // Another device still syncs and gets only what was sent.
    const desktop = world.home('desktop')
    expect(await desktop.call('nexus.sync.run', { remote: world.remote })).toMatchObject({
      ok: true,
      pulled: 1
    })
    expect(JSON.stringify(await desktop.call('nexus.list', { limit: 100 }))).not.toContain(ENV_TOKEN)
  })
})
