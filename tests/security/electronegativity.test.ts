import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Doyensec's Electronegativity over everything the desktop app runs: the main process, the
 * preload, the renderer page and its code, and the shared modules both use. Findings above LOW
 * must be fixed, or justified where they occur with an `eng-disable` comment that says why.
 * LOW and informational findings must be listed below with the reason they are accepted.
 */
const ACCEPTED_LOW: Record<string, string> = {
  'CSP_GLOBAL_CHECK src/renderer/index.html':
    "style-src allows 'unsafe-inline' because Monaco adds <style> elements at run time; scripts, workers and connections stay 'self' (contentSecurityPolicy.ts)",
  'ELECTRON_VERSION_JSON_CHECK package.json':
    'informational only: the check reports which Electron version the other checks assume'
}

/**
 * AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK compares the Electron version with the live release feed
 * on the internet: its answer changes with the day, not with this code. Upgrading Electron is a
 * dependency decision, made with the pinned version in package.json.
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

const ROOT = join(__dirname, '../..')
/** A whole-tree static analysis of a few hundred files, not a unit test. */
const SCAN_TIMEOUT_MS = 120_000

interface Finding {
  readonly id: string
  readonly file: string
  readonly location: { readonly line: number }
  readonly sample: string
  readonly description: string
  readonly severity: { readonly value: number; readonly name: string }
}
interface ScanResult {
  readonly issues: Finding[]
  readonly errors: { readonly file: string; readonly message: string; readonly tolerable: boolean }[]
}
type Electronegativity = (options: Record<string, unknown>) => Promise<ScanResult>

const LOW = 1

/** The shipped sources copied to a folder of their own, without tests (which never ship). */
function shellSources(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-electronegativity-'))
  const notATest = (source: string): boolean => !/\.test\.tsx?$/.test(basename(source))
  for (const part of [
    'src/main',
    'src/preload',
    'src/shared',
    'src/renderer/index.html',
    'src/renderer/src'
  ]) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true, filter: notATest })
  }
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'))
  return dir
}

async function scan(input: string): Promise<ScanResult> {
  // Loaded with require: the package ships CommonJS without type declarations.
  const run = createRequire(import.meta.url)('@doyensec/electronegativity') as Electronegativity
  return run({ input, isRelative: true, excludeFromScan: EXCLUDED_CHECKS })
}

const describeFinding = (finding: Finding): string =>
  `${finding.id} (${finding.severity.name}) at ${finding.file}:${finding.location.line}: ${finding.description} — ${finding.sample.trim()}`

describe('Electronegativity over the desktop shell', () => {
  it(
    'finds nothing above LOW that is not justified in code, and only accepted LOW findings',
    async () => {
      const result = await scan(shellSources())
      expect(result.errors.filter((error) => !error.tolerable)).toEqual([])
      expect(result.issues.filter((finding) => finding.severity.value > LOW).map(describeFinding)).toEqual([])
      const unexplained = result.issues.filter(
        (finding) => ACCEPTED_LOW[`${finding.id} ${finding.file}`] === undefined
      )
      expect(unexplained.map(describeFinding)).toEqual([])
    },
    SCAN_TIMEOUT_MS
  )

  it(
    'would catch a weakened window: the same scan reports our window without its sandbox',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hearth-electronegativity-canary-'))
      cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'))
      const window = readFileSync(join(ROOT, 'src/main/window.ts'), 'utf8')
      expect(window).toContain('sandbox: true')
      writeFileSync(join(dir, 'window.ts'), window.replace('sandbox: true', 'sandbox: false'))
      const result = await scan(dir)
      expect(result.issues.map((finding) => finding.id)).toContain('SANDBOX_JS_CHECK')
    },
    SCAN_TIMEOUT_MS
  )
})
