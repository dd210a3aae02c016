import { fstatSync } from 'node:fs'
import { startFakeAnthropic, type FakeAnthropic } from './server'
import type { FakeOptions } from './types'

/** Reads `--port N`, `--api-key KEY`, `--delay-ms N`; unknown flags are an error, not ignored. */
export function parseArgs(argv: readonly string[]): FakeOptions {
  const options: { port?: number; apiKey?: string; delayMs?: number } = {}
  for (let index = 0; index < argv.length; index += 2) {
    const flag = argv[index]
    const value = argv[index + 1]
    if (value === undefined) throw new Error(`${flag}: missing value`)
    if (flag === '--port') options.port = Number(value)
    else if (flag === '--api-key') options.apiKey = value
    else if (flag === '--delay-ms') options.delayMs = Number(value)
    else throw new Error(`unknown flag ${flag} (expected --port, --api-key, --delay-ms)`)
  }
  if (options.port !== undefined && !Number.isInteger(options.port))
    throw new Error('--port: expected an integer')
  return options
}

/** A parent's pipe (not /dev/null or a terminal): its closing means the parent is gone. */
function stdinIsPipe(): boolean {
  try {
    const stats = fstatSync(0)
    return stats.isFIFO() || stats.isSocket()
  } catch {
    return false
  }
}

/**
 * Runs the fake for another process (Playwright, CLI tests, bench). The first stdout line is
 * `{"url":"http://127.0.0.1:<port>"}`; SIGINT/SIGTERM, or a stdin pipe closing, stops it, so a parent that
 * dies never leaves it running.
 */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<FakeAnthropic> {
  const fake = await startFakeAnthropic(parseArgs(argv))
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`)
  const stop = (): void => {
    void fake.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  if (stdinIsPipe()) {
    process.stdin.once('end', stop)
    process.stdin.resume()
  }
  return fake
}
