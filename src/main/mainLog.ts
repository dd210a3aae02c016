import { homePaths } from '../core/home/homePaths'
import { FileLogger, logLevelFrom } from '../core/node/log/fileLogger'
import { reportUnexpected, type ErrorLog } from '../core/rpc/unexpectedErrors'

/**
 * The main process's log: the same file as the core's (each line is one small append, so two
 * processes never interleave), under the scope `main`, with the environment's key blanked out.
 */
export function mainErrorLog(home: string, env: NodeJS.ProcessEnv = process.env): ErrorLog {
  const file = homePaths(home).logFile
  const log = new FileLogger(
    { path: file, level: logLevelFrom(env.HEARTH_LOG_LEVEL), secrets: () => [env.ANTHROPIC_API_KEY] },
    'main'
  )
  return { log, file }
}

/**
 * Records every error that escapes the main process under a request id, and tells the user
 * (with that id and the log file) for an exception, which may have left a window unusable.
 */
export function reportEscapedErrors(errors: ErrorLog, tell: (title: string, body: string) => void): void {
  process.on('uncaughtException', (error) => {
    const { message } = reportUnexpected(errors, 'the main process', error)
    tell('Hearth hit an unexpected error', message)
  })
  process.on('unhandledRejection', (error) => {
    reportUnexpected(errors, 'the main process (a promise nobody awaited)', error)
  })
}
