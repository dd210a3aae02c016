import { EventHub } from './events'
import { ConfigStore } from './home/configStore'
import type { HomePaths } from './home/homePaths'
import { openDatabase, type Db, type OpenOptions } from './node/db/openDatabase'
import { anthropicClients } from './node/llm/anthropicClient'
import { FileLogger, logLevelFrom } from './node/log/fileLogger'
import { systemClock, type Clock } from './ports/clock'
import type { Logger } from './ports/logger'
import { MemorySecretStore } from './ports/secretStore'
import { SettingsService } from './services/settingsService'
import type { CoreOptions } from './coreOptions'

/*
 * The first steps of the composition root (`createCore`): the log, the database opened with its
 * failures on record, and the services every feature needs before any feature is wired.
 */

export function openLoggedDatabase(file: string, log: Logger, options: OpenOptions): Db {
  try {
    return openDatabase(file, options)
  } catch (error) {
    log.error('the database could not be opened or migrated', { file, error })
    throw error
  }
}

/** The services every feature needs first: time, events, the log, config and the key. */
export function foundation(options: CoreOptions, paths: HomePaths, log: Logger) {
  const clock = options.clock ?? systemClock
  const env = options.env ?? process.env
  const events = new EventHub(log.child('events'))
  const secrets = options.secrets ?? new MemorySecretStore()
  const config = new ConfigStore(paths.config)
  const settings = new SettingsService(config, secrets, env)
  // The one source of SDK clients, for the endpoint and key the settings hold at each call.
  const models = anthropicClients(settings)
  return { clock, env, log, events, secrets, config, settings, models }
}

/** The home's rotating log; the API key and the serve token are blanked out of every line. */
export function defaultLog(path: string, env: NodeJS.ProcessEnv, clock: Clock): Logger {
  return new FileLogger({
    path,
    level: logLevelFrom(env.HEARTH_LOG_LEVEL),
    now: () => clock.now(),
    secrets: () => [env.ANTHROPIC_API_KEY, env.HEARTH_SERVE_TOKEN]
  })
}
