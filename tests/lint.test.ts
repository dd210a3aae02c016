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

/** Lints a temporary tree holding only these files; it must fail. */
function lintProbes(files: Readonly<Record<string, string>>): string {
  probeRoot ??= mkdtempSync(join(tmpdir(), 'hearth-lint-'))
  for (const [path, text] of Object.entries(files)) {
    const full = join(probeRoot, path)
    mkdirSync(join(full, '..'), { recursive: true })
    writeFileSync(full, text)
  }
  const result = lint(join(probeRoot, 'src'))
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
