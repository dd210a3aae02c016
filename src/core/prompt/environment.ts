import { homedir, platform, release, type } from 'node:os'
import type { EnvironmentInfo } from '../domain/prompt/environmentHints'

/** A short, stable description of the host OS (no hostname, no user name: they add nothing). */
export function describeHost(os = platform(), kernel = release(), kind = type()): string {
  if (os === 'linux' && /microsoft/i.test(kernel)) return 'WSL (Windows Subsystem for Linux)'
  if (os === 'darwin') return `macOS (Darwin ${kernel})`
  if (os === 'win32') return `Windows (${kernel})`
  return `${kind === 'Linux' ? 'Linux' : kind} (${kernel})`
}

/** Gathers the environment hint inputs; HEARTH_ENVIRONMENT_HINT beats config `environmentHint`. */
export function environmentInfo(env: NodeJS.ProcessEnv, configured: string | null): EnvironmentInfo {
  const fromEnv = env.HEARTH_ENVIRONMENT_HINT?.trim()
  return { host: describeHost(), homeDir: homedir(), extraHint: fromEnv ? fromEnv : configured }
}
