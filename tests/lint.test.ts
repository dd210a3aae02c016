import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = join(__dirname, '..')
let probeRoot: string | undefined
afterEach(() => probeRoot && rmSync(probeRoot, { recursive: true, force: true }))

function lint(src?: string): { code: number; out: string } {
  try {
    const args = [join(root, 'scripts/lint.mjs'), ...(src ? ['--src', src] : [])]
    return { code: 0, out: execFileSync('node', args, { encoding: 'utf8' }) }
  } catch (error) {
    const e = error as { status: number; stdout: string }
    return { code: e.status, out: e.stdout }
  }
}

/** Lints a temporary tree holding only these files. */
function lintTree(files: Readonly<Record<string, string>>): { code: number; out: string } {
  probeRoot ??= mkdtempSync(join(tmpdir(), 'hearth-lint-'))
  for (const [path, text] of Object.entries(files)) {
    const full = join(probeRoot, path)
    mkdirSync(join(full, '..'), { recursive: true })
    writeFileSync(full, text)
  }
  return lint(join(probeRoot, 'src'))
}

/** Lints a temporary tree holding only these files; it must fail. */
function lintProbes(files: Readonly<Record<string, string>>): string {
  const result = lintTree(files)
  expect(result.code).toBe(1)
  return result.out
}

describe('layer rules (scripts/lint.mjs)', () => {
  it('passes on the current tree', () => {
    const result = lint()
    expect(result.out).toMatch(/lint: 0 error/)
  })

  const cases: readonly {
    name: string
    files: Record<string, string>
    reported: string[]
    allowed: string[]
  }[] = [
    {
      name: 'catches the renderer importing the core and the core importing electron',
      files: {
        'src/renderer/src/zz-lint-probe.ts':
          "import { createCore } from '../../core/createCore'\nexport const x = createCore\n",
        'src/core/zz-lint-probe.ts': "import { app } from 'electron'\nexport const y = app\n",
        'src/core/domain/zz-lint-probe.ts':
          "import { readFileSync } from 'node:fs'\nexport const z = readFileSync\n"
      },
      reported: [
        'src/renderer/src/zz-lint-probe.ts: imports "../../core/createCore"',
        'src/core/zz-lint-probe.ts: imports "electron"',
        'src/core/domain/zz-lint-probe.ts: imports "node:fs"'
      ],
      allowed: []
    },
    {
      name: 'keeps CLI commands on the contract: no core modules, no ctx.core() outside the hosting commands',
      files: {
        'src/cli/commands/zz-probe.ts':
          "import { AgentService } from '../../core/services/agentService'\nexport const run = (ctx: any) => ctx.core().services.agents.list()\nexport const x = AgentService\n",
        'src/cli/commands/serve.ts': 'export const run = (ctx: any) => ctx.core()\n',
        'src/cli/commands/zz-fine.ts':
          "import { homePaths } from '../../core/home/homePaths'\nexport const run = (ctx: any) => ctx.call('agents.list', {})\nexport const p = homePaths\n"
      },
      reported: [
        'src/cli/commands/zz-probe.ts: imports "../../core/services/agentService" — CLI commands call the core through ctx.call',
        'src/cli/commands/zz-probe.ts: uses ctx.core()'
      ],
      allowed: ['serve.ts', 'zz-fine.ts']
    },
    {
      name: 'keeps createCore off the desktop main thread: only the core process (src/main/worker) builds it',
      files: {
        'src/main/zz-probe.ts':
          "import { createCore } from '../core/createCore'\nexport const x = createCore\n",
        'src/main/zz-worker-probe.ts':
          "import { serveCore } from './worker/serveCore'\nexport const y = serveCore\n",
        'src/main/worker/serveCore.ts':
          "import { createCore } from '../../core/createCore'\nexport const serveCore = createCore\n",
        'src/core/createCore.ts': 'export const createCore = 1\n'
      },
      reported: [
        'src/main/zz-probe.ts: imports "../core/createCore" — the core is built only in its utility process',
        'src/main/zz-worker-probe.ts: imports "./worker/serveCore" — the core is built only in its utility process'
      ],
      allowed: ['src/main/worker/serveCore.ts']
    },
    {
      name: 'keeps the handlers on the memory and Nexus faces: no service parts, no service classes',
      files: {
        'src/core/rpc/zz-probe.ts':
          'export const run = (s: any) => s.memory.retention.run(1)\nexport const f = (nexus: any) => nexus.repository.get([1])\n',
        'src/core/rpc/zz-import.ts':
          "import type { NexusService } from '../nexus/nexusService'\nexport type N = NexusService\n",
        'src/core/nexus/nexusService.ts': 'export class NexusService {}\n',
        'src/core/rpc/zz-fine.ts':
          "export const h = { 'nexus.members.bind': (s: any) => s.nexus.bindMember({}), r: (s: any) => s.memory.runRetention(1) }\n"
      },
      reported: [
        'src/core/rpc/zz-probe.ts: reaches into a service ("memory.retention.")',
        'src/core/rpc/zz-import.ts: imports "../nexus/nexusService" — hosts use memory and the Nexus through'
      ],
      allowed: ['zz-fine.ts']
    },
    {
      name: 'refuses an import cycle (type-only imports too) with its path, but not the renderer store and its slices',
      files: {
        'src/core/zz-a.ts': "import type { B } from './zz-b'\nexport interface A { b: B }\n",
        'src/core/zz-b.ts':
          "import { c } from './zz-c'\nexport interface B { n: number }\nexport const b = c\n",
        'src/core/zz-c.ts': "import type { A } from './zz-a'\nexport const c = 1 as unknown as A\n",
        'src/core/zz-leaf.ts': "import { c } from './zz-c'\nexport const leaf = c\n",
        'src/renderer/src/store/types.ts':
          "import type { S } from '../features/f/fSlice'\nexport type Store = S\n",
        'src/renderer/src/features/f/fSlice.ts':
          "import type { Store } from '../../store/types'\nexport type S = { s?: Store }\n"
      },
      reported: ['import cycle: src/core/zz-a.ts → src/core/zz-b.ts → src/core/zz-c.ts → src/core/zz-a.ts'],
      allowed: ['zz-leaf.ts', 'fSlice.ts', 'store/types.ts']
    }
  ]
  it.each(cases)('$name', ({ files, reported, allowed }) => {
    const out = lintProbes(files)
    for (const line of reported) expect(out).toContain(line)
    for (const file of allowed) expect(out).not.toContain(file)
  })
})

describe('database rows (scripts/lint.mjs)', () => {
  it('fails on an unchecked cast of a row in the core and points at the row reader', () => {
    const out = lintProbes({
      'src/core/things/thingStore.ts': 'export const read = (db: any) => db.get() as ThingRow | undefined\n',
      'src/core/things/thingStore.test.ts': 'export const fine = (db: any) => db.get() as ThingRow\n'
    })
    expect(out).toContain('src/core/things/thingStore.ts: casts a database row (") as ThingRow")')
    expect(out).toContain('readRow/readRows/readOptionalRow')
    expect(out).not.toContain('thingStore.test.ts')
  })
})

describe('transactions (scripts/lint.mjs)', () => {
  it('fails on db.transaction() in the core and points at writeTransaction; tests may open their own', () => {
    const out = lintProbes({
      'src/core/things/thingStore.ts': 'export const save = (db: any) => db.transaction(() => db.run())()\n',
      'src/core/things/thingList.ts': 'export const batch = (facts: any) => facts.transaction(() => 1)\n',
      'src/core/things/thingStore.test.ts':
        'export const seed = (db: any) => db.transaction(() => db.run())()\n'
    })
    expect(out).toContain('src/core/things/thingStore.ts: opens a transaction with db.transaction()')
    expect(out).toContain('writeTransaction')
    expect(out).not.toContain('thingList.ts')
    expect(out).not.toContain('thingStore.test.ts')
  })
})

describe("chat's tables (scripts/lint.mjs)", () => {
  const sqlOnSessions = [
    'export const titles = (db: any) =>',
    '  db.prepare(`SELECT f.text, s.title FROM memory_facts f',
    '    JOIN sessions s ON s.id = f.session_id WHERE f.agent_id = ?`).all()',
    "export const purge = (db: any) => db.prepare('DELETE FROM session_end_work WHERE session_id = ?')",
    ''
  ].join('\n')

  it('fails on SQL naming a chat table outside core/chat, with the file, line and table', () => {
    const out = lintProbes({
      'src/core/memory/zz-titles.ts': sqlOnSessions,
      'src/bench/zz-fill.ts':
        'export const count = (db: any) => db.prepare("SELECT count(*) FROM messages_fts").get()\n'
    })
    expect(out).toContain(`src/core/memory/zz-titles.ts:3: SQL on chat's table "sessions" ("JOIN sessions")`)
    expect(out).toContain(`src/core/memory/zz-titles.ts:4: SQL on chat's table "session_end_work"`)
    expect(out).toContain(`src/bench/zz-fill.ts:1: SQL on chat's table "messages_fts" ("FROM messages_fts")`)
    expect(out).toContain("use chat's repositories (openChatStores")
    expect(out).toContain('the Transcripts port (core/ports/transcripts.ts)')
  })

  it('allows it in core/chat, in tests and in migrations, and never reads prose, comments or regexes as SQL', () => {
    const prose = [
      '// A purge used to DELETE FROM sessions here; now chat does.',
      "export const busy = 'Too many open sessions, pick up from messages you missed'",
      'export const looksLikeSql = /UPDATE sessions/.test(busy)',
      "export const sessions = { from: 'messages' }",
      ''
    ].join('\n')
    const result = lintTree({
      'src/core/chat/zz-repository.ts': sqlOnSessions,
      'src/core/memory/zz-titles.test.ts': sqlOnSessions,
      'src/core/node/db/migrations/0099-zz.ts':
        "export const up = 'ALTER TABLE sessions ADD COLUMN x TEXT'\n",
      'src/core/memory/zz-prose.ts': prose
    })
    expect(result).toEqual({ code: 0, out: expect.stringContaining('lint: 0 error(s)') })
  })
})
