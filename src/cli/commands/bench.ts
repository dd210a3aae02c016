import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchFigure } from '../../bench/benchTypes'
import type { CliCommand } from '../command'

export const benchCommand: CliCommand = {
  words: ['bench'],
  summary: 'run the benchmarks on a temporary home (fake model on 127.0.0.1)',
  usage:
    'hearth bench [--quick] [--only SUITE] [--explain] | hearth bench --year [--seed N] [--scale X] [--keep DIR] | hearth bench --year --reuse DIR',
  options: {
    quick: 'boolean',
    only: 'string',
    explain: 'boolean',
    year: 'boolean',
    seed: 'string',
    scale: 'string',
    keep: 'string',
    reuse: 'string'
  },
  positionals: [0, 0],
  async run(ctx) {
    // The suites bring the fake model server and every bench: loaded only when the bench runs.
    const [{ BENCH_SUITES }, { yearChoice }] = await Promise.all([
      import('../../bench/suites'),
      import('../../bench/yearChoice')
    ])
    const figures: BenchFigure[] = []
    const only = typeof ctx.options.only === 'string' ? ctx.options.only.split(',') : undefined
    const year = yearChoice(ctx.options)
    for (const suite of year ? [year] : BENCH_SUITES) {
      if (only && !only.includes(suite.name)) continue
      const tmpDir = mkdtempSync(join(tmpdir(), `hearth-bench-${suite.name}-`))
      process.stderr.write(`bench: ${suite.name}…\n`)
      try {
        figures.push(
          ...(await suite.run({
            quick: ctx.options.quick === true,
            explain: ctx.options.explain === true,
            tmpDir,
            cliPath: join(__dirname, '../../bin/hearth.js'),
            log: (line) => process.stderr.write(`  ${line}\n`)
          }))
        )
      } finally {
        rmSync(tmpDir, { recursive: true, force: true })
      }
    }
    const data = { figures, machine: { cpus: cpus().length, node: process.version } }
    const text = figures
      .map(
        (f) =>
          `${f.goal === null ? 'info' : f.met ? 'ok  ' : 'MISS'} ${f.name.padEnd(36)} ${String(f.value).padStart(10)} ${f.unit.padEnd(8)} ${f.goal === null ? 'reference' : `goal ${f.better === 'lower' ? '≤' : '≥'} ${f.goal}`}`
      )
      .join('\n')
    return { data, text: text || 'No benchmark suites registered.' }
  }
}
