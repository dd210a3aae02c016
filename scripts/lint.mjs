#!/usr/bin/env node
// Enforces the layer table of ARCHITECTURE.md, the CLI's use of the contract, the hosts' use of the
// memory and Nexus faces, the file-size budget, no import cycles, checked database rows and chat's
// ownership of its tables. Zero dependencies:
// it reads import specifiers with a regex, which is enough for our own code.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chatTableUses, CHAT_TABLES_MESSAGE } from './chatTables.mjs'
import { importCycles } from './importCycles.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const srcFlag = process.argv.indexOf('--src')
// `--src DIR` lints another tree (the lint test uses a temporary one).
const SRC = srcFlag > 0 ? resolve(process.argv[srcFlag + 1]) : join(root, 'src')
const MAX_LINES = 500
const WARN_LINES = 300

/** Layer of a file, from its path under src/. */
function layerOf(file) {
  const rel = relative(SRC, file).split(sep)
  if (rel[0] === 'core' && rel[1] === 'domain') return 'core/domain'
  if (rel[0] === 'renderer') return 'renderer'
  return rel[0]
}

const NODE_BUILTIN = /^(node:|fs$|path$|os$|crypto$|child_process$|http$|net$|url$)/
/** [layer, predicate(spec, targetLayer), message] */
const RULES = [
  [
    'shared',
    (s, t) => NODE_BUILTIN.test(s) || s === 'electron' || s.startsWith('react') || (t && t !== 'shared'),
    'shared/ must run in every process: plain TypeScript and zod only'
  ],
  [
    'core/domain',
    (s, t) =>
      NODE_BUILTIN.test(s) ||
      s === 'electron' ||
      s === 'better-sqlite3' ||
      s.startsWith('@anthropic-ai') ||
      (t && !['shared', 'core/domain'].includes(t)),
    'core/domain is pure: no I/O, no Node APIs, only shared and domain'
  ],
  [
    'core',
    (s, t) => s === 'electron' || ['main', 'renderer', 'server', 'cli', 'preload'].includes(t),
    'core/ must stay Electron-free and must not depend on a host'
  ],
  [
    'bench',
    (s, t) => s === 'electron' || ['main', 'renderer', 'preload'].includes(t),
    'bench/ runs under plain Node'
  ],
  [
    'main',
    (s, t) => s.startsWith('react') || ['renderer', 'server', 'cli'].includes(t),
    'main/ is the Electron shell; it wires core only'
  ],
  [
    'preload',
    (s, t) => NODE_BUILTIN.test(s) || (t && !(t === 'shared')),
    'the preload only forwards the two contract channels'
  ],
  [
    'server',
    (s, t) => s === 'electron' || ['main', 'renderer', 'cli'].includes(t),
    'server/ hosts the core for browsers; no Electron'
  ],
  [
    'cli',
    (s, t) => s === 'electron' || ['main', 'renderer'].includes(t),
    'cli/ runs under plain Node; no Electron'
  ],
  [
    'renderer',
    (s, t) => NODE_BUILTIN.test(s) || s === 'electron' || (t && !['shared', 'renderer'].includes(t)),
    'the renderer talks to the core only through src/shared/contract'
  ]
]

/**
 * CLI commands reach the core through `ctx.call` (dispatch and the contract), like the app's UI.
 * Only the commands that host the core themselves may hold it; the others may import from
 * core/ only these helpers, which hold no state.
 */
/** The relative imports of a file, each with its target as a path under src/ (`core/createCore`). */
function relativeImports(file, specs) {
  return specs
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({
      spec,
      target: relative(SRC, resolve(dirname(file), spec))
        .split(sep)
        .join('/')
    }))
}

const CORE_HOSTING_COMMANDS = new Set(['serve.ts', 'mcp.ts', 'bench.ts'])
// `restore` writes a home into an empty folder, where no core can be opened first.
const CORE_HELPERS_FOR_COMMANDS = [
  'core/home/homePaths',
  'core/home/readText',
  'core/errors',
  'core/backup/homeRestore'
]

function cliCommandProblems(file, text, specs) {
  const rel = relative(SRC, file).split(sep)
  if (rel[0] !== 'cli' || rel[1] !== 'commands' || CORE_HOSTING_COMMANDS.has(rel[2])) return []
  const problems = []
  for (const { spec, target } of relativeImports(file, specs)) {
    if (target.startsWith('core/') && !CORE_HELPERS_FOR_COMMANDS.includes(target))
      problems.push(
        `imports "${spec}" — CLI commands call the core through ctx.call (the contract), not its modules`
      )
  }
  if (/\bctx\.core\(/.test(text))
    problems.push(
      'uses ctx.core() — only the commands that host the core (serve, mcp, bench) may; call the contract with ctx.call'
    )
  return problems
}

/**
 * The desktop app's main thread never builds the core: createCore (SQLite, migrations, MCP
 * children, file locks) runs in the core's utility process, whose code is src/main/worker/. The
 * main thread reaches it over the port (coreSupervisor.ts), so it may not import the worker either.
 */
function mainThreadProblems(file, specs) {
  const rel = relative(SRC, file).split(sep)
  if (rel[0] !== 'main' || rel[1] === 'worker') return []
  const problems = []
  for (const { spec, target } of relativeImports(file, specs)) {
    if (target === 'core/createCore' || target === 'core/coreFoundation' || target.startsWith('main/worker/'))
      problems.push(
        `imports "${spec}" — the core is built only in its utility process (src/main/worker/); the main thread talks to it over the port (coreSupervisor.ts)`
      )
  }
  return problems
}

/**
 * The hosts' side of the core (the rpc handlers, the CLI, the web and desktop hosts, MCP) sees memory
 * and the Nexus through their use-case faces (MemoryUseCases, NexusUseCases): never the services'
 * parts (retention, memory files, the Nexus repository, …) and never the classes that hold them.
 */
const FACED_MODULES = [
  'core/memory/memoryService',
  'core/nexus/nexusService',
  'core/nexus/nexusRepository',
  'core/nexus/nexusReads'
]
const SERVICE_PARTS =
  /(?<!['"`])\b(?:memory|nexus)\.(?:files|receipts|journal|recalls|tool|facts|review|reviewHistory|retriever|retention|pinning|toolWrites|undo|memoryFiles|memories|repository|marks|acks|ledger|members|projectState|checkpoints|turnEntries|turnContext|sessionEnd)\./

function hostReachProblems(file, text, specs) {
  const rel = relative(SRC, file).split(sep).join('/')
  if (!/^(core\/rpc|core\/nexus\/mcp|cli|server|main)\//.test(rel)) return []
  const problems = []
  for (const { spec, target } of relativeImports(file, specs))
    if (FACED_MODULES.includes(target))
      problems.push(
        `imports "${spec}" — hosts use memory and the Nexus through MemoryUseCases / NexusUseCases`
      )
  const reach = SERVICE_PARTS.exec(text)
  if (reach)
    problems.push(
      `reaches into a service ("${reach[0]}") — add a method to MemoryUseCases / NexusUseCases for the use case`
    )
  return problems
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) yield* walk(full)
    else if (/\.(ts|tsx|mts)$/.test(name)) yield full
  }
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm
/**
 * The one cycle the design allows: the renderer's store types name every feature slice, and each
 * slice names the store it is part of (zustand's slices pattern).
 */
function allowedCycle(files) {
  return files.every((file) => /^renderer\/src\/(store\/|features\/[^/]+\/[^/]*Slice\.tsx?$)/.test(file))
}

const errors = []
const warnings = []
const importEdges = new Map()
for (const file of walk(SRC)) {
  const text = readFileSync(file, 'utf8')
  const isTest = /\.test\.tsx?$/.test(file)
  const isMigration = /migrations[\\/]/.test(file)
  const layer = layerOf(file)
  if (!isTest) {
    const specs = [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4])
    importEdges.set(file, specs)
    for (const problem of [
      ...cliCommandProblems(file, text, specs),
      ...mainThreadProblems(file, specs),
      ...hostReachProblems(file, text, specs)
    ])
      errors.push(`${relative(dirname(SRC), file)}: ${problem}`)
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? match[4]
      const target = spec.startsWith('.')
        ? layerOf(resolve(dirname(file), spec))
        : spec.startsWith('@renderer/')
          ? 'renderer'
          : undefined
      const outside = spec.startsWith('.') && !resolve(dirname(file), spec).startsWith(SRC)
      // The bench and the test harnesses may use the fake Anthropic server (it ships in the CLI for `hearth bench`).
      const fakeModelAllowed =
        /[\\/](bench|core[\\/]testing)[\\/]/.test(file) &&
        /tests\/(fakeAnthropic|fakeEmbeddings)(\/|$)/.test(spec)
      if (outside && !fakeModelAllowed) {
        errors.push(`${relative(dirname(SRC), file)}: imports ${spec} from outside src/`)
        continue
      }
      for (const [ruleLayer, bad, message] of RULES) {
        const applies =
          ruleLayer === 'core' ? layer === 'core' || layer === 'core/domain' : layer === ruleLayer
        if (applies && bad(spec, target))
          errors.push(`${relative(dirname(SRC), file)}: imports "${spec}" — ${message}`)
      }
    }
  }
  // The database and chat's repositories stay behind the services: only tests, the test harnesses,
  // the bench and the core's own life (coreLifecycle, coreServices) reach Core.internals.
  const internalsAllowed =
    isTest ||
    /^(bench|core[\\/]testing|core[\\/][a-z]+[\\/]testing)[\\/]|^core[\\/](coreLifecycle|coreServices|createCore)\.ts$/.test(
      relative(SRC, file)
    )
  if (!internalsAllowed && /\.internals\b/.test(text))
    errors.push(
      `${relative(dirname(SRC), file)}: reaches Core.internals (the raw database or chat's stores) — go through a service in CoreServices`
    )
  // Rows cross into the core through the checked row reader, never an unchecked cast
  // (migrations run frozen code once, so they keep the shapes they were written with).
  const rowCast = /\)\s*as\s+[A-Z]\w*Row\b/.exec(text)
  if (rowCast && !isTest && layer.startsWith('core') && !isMigration)
    errors.push(
      `${relative(dirname(SRC), file)}: casts a database row ("${rowCast[0]}") — read it with readRow/readRows/readOptionalRow from core/node/db/rowReader, which names the table and column of a damaged value`
    )
  // Every transaction takes the write lock first and retries while another process holds it.
  const rawTransaction =
    /\bdb\.transaction\(/.test(text) && !/[\\/](writeTransaction|betweenTurns)\.ts$/.test(file)
  if (rawTransaction && !isTest && layer.startsWith('core') && !isMigration)
    errors.push(
      `${relative(dirname(SRC), file)}: opens a transaction with db.transaction() — use writeTransaction from core/node/db/writeTransaction (BEGIN IMMEDIATE, retried while another process holds the lock)`
    )
  // Tests may plant rows past the CHECKs and look at what was stored; migrations are frozen code.
  // Import sources read other runtimes' own databases, whose tables happen to share the names.
  const ownsOrReadsElsewhere = /^core[\\/](chat|imports[\\/]sources)[\\/]/.test(relative(SRC, file))
  if (!isTest && !isMigration && !ownsOrReadsElsewhere)
    for (const use of chatTableUses(text))
      errors.push(
        `${relative(dirname(SRC), file)}:${use.line}: SQL on chat's table "${use.table}" ("${use.sql}") — ${CHAT_TABLES_MESSAGE}`
      )
  const lines = text.split('\n').length
  const exempt = isTest || isMigration
  if (!exempt && lines > MAX_LINES)
    errors.push(`${relative(dirname(SRC), file)}: ${lines} lines (limit ${MAX_LINES}); split it by concept`)
  else if (!exempt && lines > WARN_LINES)
    warnings.push(`${relative(dirname(SRC), file)}: ${lines} lines (budget ${WARN_LINES})`)
}

errors.push(...importCycles(SRC, importEdges, allowedCycle))

for (const w of warnings) console.log(`warning: ${w}`)
for (const e of errors) console.log(`error: ${e}`)
console.log(`lint: ${errors.length} error(s), ${warnings.length} warning(s)`)
process.exitCode = errors.length > 0 ? 1 : 0
