import { createCore, type Core } from '../core/createCore'
import { HearthError } from '../core/errors'
import { resolveHomeDir } from '../core/home/homePaths'
import { explainReadOnly } from '../core/home/readOnlyHome'
import { explainStorageError } from '../core/home/storageErrors'
import { KeyringSecretStore } from '../core/node/secrets/keyringSecretStore'
import { MemorySecretStore, type SecretStore } from '../core/ports/secretStore'
import { dispatch } from '../core/rpc/dispatch'
import { UsageError, type CliCoreOptions, type CommandContext } from './command'
import type { ParsedCommandLine } from './parseArgs'

/**
 * Runs a parsed command with the core behind `ctx.call`. Loaded by `runCli` only when a command
 * runs, so help and usage errors never pay for loading the core.
 */
export async function runCommand(parsed: ParsedCommandLine, env: NodeJS.ProcessEnv): Promise<number> {
  const json = parsed.options.json === true
  const home = resolveHomeDir(typeof parsed.options.home === 'string' ? parsed.options.home : undefined, env)
  let core: Core | undefined
  const coreOptions = parsed.command.coreOptions?.(parsed.options) ?? {}
  const open = (): Core => (core ??= openCore(home, env, coreOptions))
  const ctx: CommandContext = {
    positionals: parsed.positionals,
    options: parsed.options,
    json,
    home,
    env,
    call: async (method, input) => {
      const core = open()
      const result = await dispatch(core.handlers, { method, input }, core.errorLog)
      if (!result.ok) throw new HearthError(result.error.code, result.error.message)
      return result.value as never
    },
    subscribe: (listener) => open().subscribe(listener),
    core: open,
    print: (line) => process.stdout.write(`${line}\n`),
    readStdin
  }
  try {
    const result = await parsed.command.run(ctx)
    if (!result.silent)
      process.stdout.write(
        json
          ? `${JSON.stringify(result.data)}\n`
          : result.text.endsWith('\n') || result.text === ''
            ? result.text
            : `${result.text}\n`
      )
    return result.code ?? 0
  } catch (error) {
    const readOnly = core?.services.readOnly === true
    return reportFailure(readOnly ? explainReadOnly(error, home) : explainStorageError(error, home), json)
  } finally {
    if (core) await finishRecovery(core)
    core?.dispose()
  }
}

/**
 * A session end that a killed process left half done is finished before the CLI exits (it
 * started when the home opened), and said in one line on stderr so --json stdout stays clean.
 */
async function finishRecovery(core: Core): Promise<void> {
  const report = await core.recovery
  if (report.sessions === 0) return
  const failed = report.hooks.filter((hook) => !hook.ok)
  const what = [...new Set(report.hooks.map((hook) => hook.id))].join(', ')
  const count = report.sessions === 1 ? '1 session' : `${report.sessions} sessions`
  const problems =
    failed.length > 0
      ? `; failed: ${failed.map((hook) => `${hook.id} (${hook.error ?? 'unknown error'})`).join(', ')}`
      : ''
  process.stderr.write(
    `hearth: finished ending ${count} that an earlier process left unfinished (${what})${problems}\n`
  )
}

/** Opens the core and warns (stderr, so --json stdout stays one document) about config problems. */
function openCore(home: string, env: NodeJS.ProcessEnv, options: CliCoreOptions): Core {
  const core = createCore({
    home,
    host: options.host ?? 'cli',
    env,
    secrets: secretStoreFor(home, env),
    ...(options.approveGatedTools ? { approveGatedTools: true } : {})
  })
  for (const problem of core.services.config.read().errors)
    process.stderr.write(`hearth: warning: ${problem}\n`)
  return core
}

/**
 * The OS keychain, unless HEARTH_SECRET_STORE=memory asks to keep keys out of it (test runs on a
 * developer's machine, or a user who wants nothing left behind).
 */
function secretStoreFor(home: string, env: NodeJS.ProcessEnv): SecretStore {
  if (env.HEARTH_SECRET_STORE === 'memory') {
    return new MemorySecretStore(
      undefined,
      'HEARTH_SECRET_STORE=memory is set, so a key entered here is kept in memory only and is forgotten when Hearth stops.'
    )
  }
  return new KeyringSecretStore(home)
}

function reportFailure(error: unknown, json: boolean): number {
  if (error instanceof UsageError) {
    process.stderr.write(`hearth: ${error.message}\n`)
    return 2
  }
  const known = error instanceof HearthError
  const message = error instanceof Error ? error.message : String(error)
  if (json)
    process.stdout.write(`${JSON.stringify({ error: { code: known ? error.code : 'internal', message } })}\n`)
  process.stderr.write(`hearth: ${message}\n`)
  if (!known && process.env.HEARTH_DEBUG) process.stderr.write(`${(error as Error).stack ?? ''}\n`)
  return 1
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
