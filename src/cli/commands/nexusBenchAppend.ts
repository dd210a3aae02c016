import { createInterface } from 'node:readline'
import { UsageError, type CliCommand } from '../command'
import { integerOption, requiredOption } from '../options'

/** Resolves when a line arrives on stdin: the parent's "go", so all writers start together. */
function waitForGo(): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin })
    lines.once('line', () => {
      lines.close()
      // Nothing more is read; a still-open stdin would keep this process alive after the loop.
      process.stdin.destroy()
      resolve()
    })
  })
}

/**
 * A writer for `hearth bench`: appends N entries one by one, each in its own locked
 * transaction, exactly as `hearth nexus post` would, but without paying a process start per
 * entry. With --wait-go it prints {"ready":true} and waits for a stdin line before starting.
 */
export const nexusBenchAppendCommand: CliCommand = {
  words: ['nexus', 'bench-append'],
  summary: '(for hearth bench) append N entries in a loop from one process',
  usage: 'hearth nexus bench-append --agent A --count N [--wait-go]',
  hidden: true,
  options: { agent: 'string', count: 'string', 'wait-go': 'boolean' },
  positionals: [0, 0],
  async run(ctx) {
    const count = integerOption(ctx, 'count') ?? 0
    const agent = requiredOption(ctx, 'agent', this.usage)
    if (count < 1) throw new UsageError(`--count must be at least 1. Usage: ${this.usage}`)
    if (ctx.options['wait-go'] === true) {
      ctx.print(JSON.stringify({ ready: true }))
      await waitForGo()
    }
    const startMs = Date.now()
    let firstSeq = 0
    let lastSeq = 0
    for (let i = 1; i <= count; i++) {
      const { entry } = await ctx.call('nexus.post', {
        agent,
        type: 'turn',
        summary: `${agent} bench entry ${i} of ${count}`
      })
      firstSeq ||= entry.seq
      lastSeq = entry.seq
    }
    const endMs = Date.now()
    const result = { count, firstSeq, lastSeq, startMs, endMs }
    return { data: result, text: JSON.stringify(result) }
  }
}
