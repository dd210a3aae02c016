import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startServe, stopServe, type Serve } from './uiTimings'

let dir: string
let serve: Serve | undefined

afterEach(async () => {
  if (serve) await stopServe(serve)
  serve = undefined
  rmSync(dir, { recursive: true, force: true })
})

/** A stand-in for `hearth serve` that says a lot on stderr before and after its address, as a busy host may. */
function chattyHost(): string {
  dir = mkdtempSync(join(tmpdir(), 'hearth-serve-stderr-'))
  const path = join(dir, 'host.js')
  writeFileSync(
    path,
    [
      "const line = 'a warning the host wrote\\n'.repeat(4096)",
      'for (let i = 0; i < 8; i++) process.stderr.write(line)',
      "process.stdout.write(JSON.stringify({ url: 'http://127.0.0.1:1/' }) + '\\n')",
      'for (let i = 0; i < 8; i++) process.stderr.write(line)',
      "process.stderr.write('the last thing it said\\n')",
      'setInterval(() => {}, 1000)'
    ].join('\n')
  )
  return path
}

describe('startServe', () => {
  it("reads the host's stderr as it comes, so a host that says a lot never blocks on it, and keeps its end", async () => {
    const cliPath = chattyHost()
    serve = await startServe({ quick: true, tmpDir: dir, cliPath, log: () => {} }, dir)
    expect(serve.url).toBe('http://127.0.0.1:1/')
    // 1.6 MB went to stderr, far past a pipe's buffer: its end arrives only if the host was not blocked.
    await expect
      .poll(() => serve?.stderrTail().trim().split('\n').at(-1), { timeout: 10_000 })
      .toBe('the last thing it said')
    expect(serve.stderrTail().length).toBeLessThanOrEqual(4000)
  })
})
