import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

/** What one `hearth nexus bench-append` process reports when done. */
export interface WriterResult {
  readonly count: number
  readonly firstSeq: number
  readonly lastSeq: number
  readonly startMs: number
  readonly endMs: number
}

/** The next stdout line of a child; rejects if it exits first. */
function nextLine(child: ChildProcess, lines: AsyncIterator<string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void =>
      reject(new Error(`a writer process exited with code ${code} before answering`))
    child.once('exit', onExit)
    lines.next().then((line) => {
      child.off('exit', onExit)
      if (line.done) reject(new Error('a writer process closed its output'))
      else resolve(line.value)
    }, reject)
  })
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
}

/**
 * Starts `writers` real `hearth nexus bench-append` processes on one home, waits until each has
 * opened the database, then releases them together (so the measured window is pure contention,
 * not process start-up) and collects their reports.
 */
export async function runConcurrentWriters(
  cliPath: string,
  home: string,
  writers: number,
  count: number
): Promise<WriterResult[]> {
  const children = Array.from({ length: writers }, (_, i) =>
    spawn(
      process.execPath,
      [
        cliPath,
        '--home',
        home,
        'nexus',
        'bench-append',
        '--agent',
        `writer-${i + 1}`,
        '--count',
        String(count),
        '--wait-go'
      ],
      {
        stdio: ['pipe', 'pipe', 'inherit']
      }
    )
  )
  const readers = children.map((child) =>
    createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]()
  )
  try {
    await Promise.all(children.map((child, i) => nextLine(child, readers[i] as AsyncIterator<string>)))
    for (const child of children) child.stdin?.end('go\n')
    const lines = await Promise.all(
      children.map((child, i) => nextLine(child, readers[i] as AsyncIterator<string>))
    )
    await Promise.all(children.map(exited))
    return lines.map((line) => JSON.parse(line) as WriterResult)
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill()
  }
}
