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

function probe(path: string, text: string): void {
  probeRoot ??= mkdtempSync(join(tmpdir(), 'hearth-lint-'))
  const full = join(probeRoot, path)
  mkdirSync(join(full, '..'), { recursive: true })
  writeFileSync(full, text)
}

describe('layer rules (scripts/lint.mjs)', () => {
  it('passes on the current tree', () => {
    const result = lint()
    expect(result.out).toMatch(/lint: 0 error/)
  })

  it('catches the renderer importing the core and the core importing electron', () => {
    probe('src/renderer/src/zz-lint-probe.ts', "import { createCore } from '../../core/createCore'\nexport const x = createCore\n")
    probe('src/core/zz-lint-probe.ts', "import { app } from 'electron'\nexport const y = app\n")
    probe('src/core/domain/zz-lint-probe.ts', "import { readFileSync } from 'node:fs'\nexport const z = readFileSync\n")
    const result = lint(join(probeRoot as string, 'src'))
    expect(result.code).toBe(1)
    expect(result.out).toContain('src/renderer/src/zz-lint-probe.ts: imports "../../core/createCore"')
    expect(result.out).toContain('src/core/zz-lint-probe.ts: imports "electron"')
    expect(result.out).toContain('src/core/domain/zz-lint-probe.ts: imports "node:fs"')
  })
})
