import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(__dirname, '..', '..', 'src')

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sources(path)
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path
  }
}

/** Ways to stop a thread until time passes: each freezes the app's main process or the web host. */
const BLOCKING = [
  /Atomics\.wait\(/,
  /\b(exec|spawn)(File)?Sync\(\s*['"`](sleep|timeout)\b/,
  /while\s*\(\s*Date\.now\(\)\s*</,
  /while\s*\(\s*performance\.now\(\)\s*</
]

describe('nothing waits synchronously', () => {
  it('no product code sleeps or spins on the main or host thread', () => {
    const hits: string[] = []
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8')
      for (const pattern of BLOCKING)
        if (pattern.test(text)) hits.push(`${relative(SRC, file)}: ${pattern.source}`)
    }
    expect(hits).toEqual([])
  })
})
