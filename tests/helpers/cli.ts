import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import type { z } from 'zod'

export const CLI = join(__dirname, '..', '..', 'bin', 'hearth.js')

export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  /** stdout parsed as JSON (for --json runs). */
  json<T = Record<string, unknown>>(): T
  /** stdout parsed as JSON, then by `schema`: the fields a test reads, checked. */
  parsed<S extends z.ZodType>(schema: S): z.output<S>
}

function withParsed(run: Omit<CliRun, 'parsed'>): CliRun {
  return { ...run, parsed: (schema) => schema.parse(run.json<unknown>()) }
}

/** Runs the built `hearth` CLI synchronously (build first: the vitest global setup does). */
export function runHearth(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {}
): CliRun {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '', ...options.env },
    input: options.input ?? '',
    timeout: 60_000
  })
  return withParsed({
    code: result.status ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
    json: <T>() => JSON.parse(result.stdout) as T
  })
}

/** Runs the CLI without blocking the event loop (needed when this process also hosts the fake model). */
export function runHearthAsync(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {}
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      resolve(withParsed({ code: code ?? -1, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }))
    )
  })
}
