import { spawnSync } from 'node:child_process'
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/createCore'
import { CLI, runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'
import { testId } from '../../src/shared/testing/ids'

/** The home is private, reads stay inside their folders, and a home that cannot be written still works. */
let dir: string
let cleanup: () => void
let home: string

beforeEach(() => {
  ;({ dir, cleanup } = makeTempDir('hearth-safety-'))
  home = join(dir, 'home')
})
afterEach(() => {
  spawnSync('chmod', ['-R', 'u+w', dir])
  cleanup()
})

function hearth(...args: string[]): ReturnType<typeof runHearth> {
  return runHearth(['--home', home, ...args])
}

function* walk(path: string): Generator<string> {
  yield path
  if (!lstatSync(path).isDirectory()) return
  for (const name of readdirSync(path)) yield* walk(join(path, name))
}

const SECRET = 'SECRET-TOKEN-do-not-send'

describe('a private home', () => {
  it('is created 0700 with every folder 0700 and every file 0600', () => {
    expect(hearth('agents', 'create', 'Ada').code).toBe(0)
    expect(
      hearth('memory', 'add', '--agent', 'ada', '--target', 'memory', '--content', 'Likes tea').code
    ).toBe(0)
    expect(hearth('nexus', 'post', '--agent', 'ada', '--type', 'turn', '--summary', 'Hello').code).toBe(0)
    const loose = [...walk(home)]
      .filter((path) => (statSync(path).mode & 0o077) !== 0)
      .map((path) => `${path.slice(home.length)} ${(statSync(path).mode & 0o777).toString(8)}`)
    expect(loose).toEqual([])
    expect(statSync(home).mode & 0o777).toBe(0o700)
    expect(statSync(join(home, 'hearth.db')).mode & 0o777).toBe(0o600)
  })

  it('tightens a home an older Hearth left world-readable', () => {
    expect(hearth('init').code).toBe(0)
    chmodSync(home, 0o755)
    chmodSync(join(home, 'hearth.db'), 0o644)
    expect(hearth('agents', 'list').code).toBe(0)
    expect(statSync(home).mode & 0o777).toBe(0o700)
    expect(statSync(join(home, 'hearth.db')).mode & 0o777).toBe(0o600)
  })
})

describe('files the model reads stay inside their folders', () => {
  beforeEach(() => {
    writeFileSync(join(dir, 'secret.txt'), `${SECRET}\n`)
    expect(hearth('agents', 'create', 'Ada').code).toBe(0)
  })

  it('a SOUL.md, MEMORY.md or skill that links out of the home is not loaded, and the prompt says why', () => {
    const agent = join(home, 'agents', 'ada')
    for (const name of ['SOUL.md', 'MEMORY.md']) {
      const path = join(agent, name)
      spawnSync('rm', ['-f', path])
      symlinkSync(join(dir, 'secret.txt'), path)
    }
    mkdirSync(join(dir, 'outside-skill'))
    writeFileSync(
      join(dir, 'outside-skill', 'SKILL.md'),
      `---\nname: leak\ndescription: ${SECRET}\n---\n${SECRET}`
    )
    mkdirSync(join(home, 'skills', 'ops'), { recursive: true })
    symlinkSync(join(dir, 'outside-skill'), join(home, 'skills', 'ops', 'leak'))
    const run = hearth('prompt', '--json', '--agent', 'ada')
    expect(run.code, run.stderr).toBe(0)
    const out = run.json<{ text: string; warnings: string[] }>()
    expect(out.text).not.toContain(SECRET)
    expect(out.warnings.some((warning) => /SOUL\.md is a link to .*secret\.txt, outside/.test(warning))).toBe(
      true
    )
    expect(out.warnings).toContain(
      'skills/ops/leak is a link to somewhere outside the skills folder; it was not loaded.'
    )
    const shown = hearth('memory', 'show', '--json', '--agent', 'ada', '--target', 'memory')
    expect(shown.stdout).not.toContain(SECRET)
    const write = hearth('memory', 'add', '--json', '--agent', 'ada', '--target', 'memory', '--content', 'x')
    expect(write.code).toBe(1)
    expect(write.stdout).not.toContain(SECRET)
    expect(write.json<{ error: string }>().error).toMatch(/MEMORY\.md is a link to .*outside/)
  })

  it('a project AGENTS.md that links outside the repository is not loaded', () => {
    const project = join(dir, 'repo')
    mkdirSync(join(project, '.git'), { recursive: true })
    symlinkSync(join(dir, 'secret.txt'), join(project, 'AGENTS.md'))
    writeFileSync(join(project, 'CLAUDE.md'), 'Use tabs.')
    const out = hearth('prompt', '--json', '--agent', 'ada', '--cwd', project).json<{
      text: string
      warnings: string[]
    }>()
    expect(out.text).not.toContain(SECRET)
    expect(out.text).toContain('Use tabs.')
    expect(
      out.warnings.some((warning) =>
        /AGENTS\.md is a link to .*outside .*repo; it was not loaded; looking for another rules file\./.test(
          warning
        )
      )
    ).toBe(true)
  })
})

describe('a read-only home', () => {
  /** Runs the CLI as a user who may read the home but not write it (root ignores file modes, so drop to nobody). */
  function asReader(...args: string[]): { code: number; stdout: string; stderr: string } {
    const asRoot = process.getuid?.() === 0
    const result = spawnSync(process.execPath, [CLI, '--home', home, ...args], {
      encoding: 'utf8',
      env: { ...process.env, ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '', HOME: dir },
      timeout: 60_000,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {})
    })
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
  }

  beforeEach(async () => {
    const core = createCore({ home, host: 'cli', env: {} })
    try {
      core.services.agents.create('Ada')
      expect(
        (
          await core.services.memory.apply(testId.agent('ada'), {
            action: 'add',
            target: 'memory',
            content: 'Likes tea'
          })
        ).success
      ).toBe(true)
      core.services.nexus.post({ agent: 'ada', type: 'turn', summary: 'Read me later' })
      await core.recovery
    } finally {
      core.dispose()
    }
    chmodSync(dir, 0o755)
    spawnSync('chmod', ['-R', 'a+rX,a-w', home])
  })

  it('still lists and shows', () => {
    const agents = asReader('--json', 'agents', 'list')
    expect(agents.code, agents.stderr).toBe(0)
    expect(JSON.parse(agents.stdout).agents).toMatchObject([{ id: 'ada', name: 'Ada' }])
    expect(JSON.parse(asReader('--json', 'sessions', 'list').stdout)).toEqual({ sessions: [] })
    expect(
      JSON.parse(asReader('--json', 'memory', 'show', '--agent', 'ada', '--target', 'memory').stdout).entries
    ).toEqual(['Likes tea'])
    expect(JSON.parse(asReader('--json', 'nexus', 'tail').stdout).entries).toMatchObject([
      { summary: 'Read me later' }
    ])
  })

  it('assembles the prompt, and refuses a change with a clear message', () => {
    const prompt = asReader('--json', 'prompt', '--agent', 'ada')
    expect(prompt.code, prompt.stderr).toBe(0)
    expect(JSON.parse(prompt.stdout).text).toContain('Likes tea')

    const create = asReader('agents', 'create', 'Bo')
    expect(create.code).toBe(1)
    expect(create.stderr).toMatch(
      /^hearth: This Hearth home is read-only \(.*home\): it can be listed and shown, not changed\.\n$/
    )
    const write = asReader(
      '--json',
      'memory',
      'add',
      '--agent',
      'ada',
      '--target',
      'memory',
      '--content',
      'Likes coffee'
    )
    expect(write.code).toBe(1)
    expect(write.stdout + write.stderr).toMatch(/read-only/)
  })
})
