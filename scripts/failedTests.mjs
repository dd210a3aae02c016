// Names every failed test from the vitest and Playwright JSON reports, one line each with the first
// line of its error, so the end of a long CI log says what failed without scrolling back.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

const lines = []
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? ''

if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name)
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const test of failed)
      lines.push(`vitest  ${name} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`)
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`vitest  ${name} — ${firstLine(file.message)}`)
  }
}

if (existsSync('test-results/playwright.json')) {
  const report = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'))
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue
        const error = test.results?.at(-1)?.error?.message
        lines.push(
          `e2e     ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} — ${firstLine(error)}`
        )
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
}

if (lines.length > 0) {
  console.log('::: failed tests')
  for (const line of lines) console.log(line)
}
