import { spawn, spawnSync } from 'node:child_process'
import { afterAll, beforeAll } from 'vitest'
import { createInterface } from 'node:readline'
import { makeTempDir } from './tempHome'

/** A private D-Bus session with an unlocked GNOME Keyring in it: a real Secret Service for tests. */
export interface KeychainSession {
  /** Add to a process's environment to reach this session's keyring. */
  readonly env: { readonly DBUS_SESSION_BUS_ADDRESS: string }
  stop(): Promise<void>
}

/** True when this machine can run one (Debian: `apt-get install gnome-keyring dbus`). */
export function canRunKeychainSession(): boolean {
  return ['dbus-run-session', 'gnome-keyring-daemon'].every(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0
  )
}

/**
 * Starts `dbus-run-session` with gnome-keyring-daemon unlocked by a throwaway password in a
 * throwaway HOME, and resolves with the bus address once the keyring answers (the daemon's
 * `--unlock` returns only when it is ready). Closing the session's stdin ends the bus, and with
 * it the daemon.
 */
export async function startKeychainSession(): Promise<KeychainSession> {
  const home = makeTempDir('hearth-keychain-')
  const script =
    'printf %s "$KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && echo "$DBUS_SESSION_BUS_ADDRESS" && exec cat'
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home.dir,
      KEYRING_PASSWORD: 'hearth-test-keyring'
    },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const address = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`dbus-run-session exited (${code}): ${stderr}`)))
    createInterface({ input: child.stdout }).once('line', resolve)
  })
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.stdin.end()
      await exited
      home.cleanup()
    }
  }
}

/** Registers beforeAll/afterAll that run one keychain session for the enclosing suite. */
export function useKeychainSession(): { readonly env: KeychainSession['env'] } {
  let session: KeychainSession | undefined
  beforeAll(async () => {
    session = await startKeychainSession()
  })
  afterAll(() => session?.stop())
  return {
    get env() {
      if (session === undefined) throw new Error('the keychain session starts in beforeAll')
      return session.env
    }
  }
}
