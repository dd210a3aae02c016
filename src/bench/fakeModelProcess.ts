import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'

/** A request as the fake server recorded it (only the fields the benches read). */
export interface RecordedCall {
  readonly path: string
  readonly body: {
    system?: unknown
    messages: { role: string; content: { type: string; text?: string }[] }[]
  }
  readonly usage?: { readonly cache_read_input_tokens: number }
}

export interface FakeModelProcess {
  readonly url: string
  script(...replies: readonly unknown[]): Promise<void>
  reset(): Promise<void>
  requests(): Promise<RecordedCall[]>
  close(): void
}

/**
 * Starts tests/fakeAnthropic in its own process (`run.mjs`, next to bin/ in the repository) and
 * drives it through its loopback control API, so src/ never imports test code.
 */
export async function startFakeModel(cliPath: string): Promise<FakeModelProcess> {
  const script = join(dirname(dirname(cliPath)), 'tests', 'fakeAnthropic', 'run.mjs')
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] })
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.once('line', (line) => resolve(line))
    child.once('exit', (code) =>
      reject(new Error(`the fake model server exited (${code}) before printing its URL`))
    )
  })
  const url = (JSON.parse(firstLine) as { url: string }).url
  const control = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}/__fake/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    })
    if (!response.ok)
      throw new Error(`fake model control ${path}: HTTP ${response.status} ${await response.text()}`)
    return response.json()
  }
  return {
    url,
    script: async (...replies) => void (await control('POST', 'script', replies)),
    reset: async () => void (await control('POST', 'reset', {})),
    requests: async () => (await control('GET', 'requests?path=/v1/messages')) as RecordedCall[],
    close: () => {
      child.stdin?.end()
      child.kill('SIGTERM')
    }
  }
}
