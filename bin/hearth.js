#!/usr/bin/env node
'use strict'
// The `hearth` CLI. The TypeScript sources are built to out/cli by `npm run build`.
const { existsSync } = require('node:fs')
const { join } = require('node:path')

const entry = join(__dirname, '..', 'out', 'cli', 'main.js')
if (!existsSync(entry)) {
  process.stderr.write('hearth: not built yet. Run `npm ci && npm run build` in ' + join(__dirname, '..') + '\n')
  process.exit(1)
}
require(entry)
  .runCli(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code
    },
    (error) => {
      process.stderr.write('hearth: unexpected failure: ' + (error && error.message ? error.message : String(error)) + '\n')
      process.exitCode = 1
    }
  )
