import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { WebSocket } from 'ws'
import { CLI } from './cli'

/** A real `hearth serve` process on a temporary home, for tests that need the whole host. */
export interface ServeChild {
  readonly process: ChildProcess
  readonly port: number
  readonly token: string
  /** Everything the process wrote to stderr so far. */
  stderr(): string
  /** One contract call over a fresh WebSocket, answered with the `{ok, value | error}` result. */
  call(
    method: string,
    input: unknown
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
  stop(): Promise<void>
}

/** A renderer folder with just enough in it for the host to serve (no build needed). */
export function writeTinyRenderer(dir: string): string {
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hearth</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
  return dir
}

/**
 * Starts `hearth --home <home> serve --json` with the tiny renderer in `rendererDir` and resolves
 * once it printed its `{url}` line. The runner's own key and endpoint never leak in; `env` adds
 * what the test needs.
 */
export async function startServeChild(
  home: string,
  rendererDir: string,
  env: Readonly<Record<string, string>> = {}
): Promise<ServeChild> {
  const child = spawn(process.execPath, [CLI, '--home', home, 'serve', '--json'], {
    env: {
      ...process.env,
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: '',
      HEARTH_SERVE_TOKEN: '',
      HEARTH_RENDERER_DIR: rendererDir,
      ...env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const url = new URL(
    await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`hearth serve exited early (${code}): ${stderr}`)))
      createInterface({ input: child.stdout! }).once('line', (line) =>
        resolve((JSON.parse(line) as { url: string }).url)
      )
    })
  )
  const port = Number(url.port)
  const token = url.searchParams.get('token') ?? ''
  return {
    process: child,
    port,
    token,
    stderr: () => stderr,
    call: (method, input) => callOnce(port, token, method, input),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
}

function callOnce(
  port: number,
  token: string,
  method: string,
  input: unknown
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(token)}`, {
    origin: `http://127.0.0.1:${port}`
  })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method, input })))
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: number; result?: { ok: boolean } }
      if (message.id !== 1 || message.result === undefined) return
      resolve(message.result)
      socket.close()
    })
  })
}
