import { z } from 'zod'
import type { SavedApiKey, SecretStore, SecretStoreInfo } from '../ports/secretStore'
import type { PortLike } from './portTransport'

/**
 * The secret store stays with the process that owns the OS's secret storage (Electron's main
 * process: safeStorage works only there); a core in a utility process asks for the key over its
 * port. Only these operations cross (the key, and named secrets such as an MCP server's headers),
 * and only between the two processes, never to a window.
 */

const SecretCall = z.object({
  kind: z.literal('secret'),
  id: z.number().int().nonnegative(),
  op: z.enum(['get', 'set', 'describe', 'getSecret', 'setSecret']),
  saved: z.object({ key: z.string(), origin: z.string() }).optional(),
  name: z.string().min(1).max(500).optional(),
  value: z.string().optional()
})
const SecretAnswer = z.object({
  kind: z.literal('secretAnswer'),
  id: z.number().int().nonnegative(),
  ok: z.boolean(),
  value: z.unknown(),
  error: z.string().optional()
})

/** Answers the core's secret-store calls on `port` from `store` (the main process's side). */
export function serveSecrets(port: PortLike, store: SecretStore): () => void {
  return port.onMessage((data) => {
    const call = SecretCall.safeParse(data)
    if (!call.success) return
    void runSecretCall(store, call.data).then(
      (value) => port.postMessage({ kind: 'secretAnswer', id: call.data.id, ok: true, value: value ?? null }),
      (error: unknown) =>
        port.postMessage({
          kind: 'secretAnswer',
          id: call.data.id,
          ok: false,
          value: null,
          error: error instanceof Error ? error.message : String(error)
        })
    )
  })
}

function runSecretCall(store: SecretStore, call: z.infer<typeof SecretCall>): Promise<unknown> {
  if (call.op === 'get') return store.getApiKey()
  if (call.op === 'describe') return store.describe()
  if (call.op === 'getSecret' || call.op === 'setSecret') {
    if (call.name === undefined) return Promise.reject(new Error('No secret name'))
    return call.op === 'getSecret' ? store.getSecret(call.name) : store.setSecret(call.name, call.value)
  }
  return call.saved ? store.setApiKey(call.saved) : Promise.reject(new Error('No key to save'))
}

/** A SecretStore whose calls the other end of `port` answers with `serveSecrets` (the core's side). */
export function portSecretStore(port: PortLike): SecretStore {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 0
  port.onMessage((data) => {
    const answer = SecretAnswer.safeParse(data)
    if (!answer.success) return
    const waiting = pending.get(answer.data.id)
    pending.delete(answer.data.id)
    if (answer.data.ok) waiting?.resolve(answer.data.value)
    else
      waiting?.reject(
        new Error(`The app could not reach its secret store: ${answer.data.error ?? 'no reason given'}`)
      )
  })
  port.onClose(() => {
    pending.forEach(({ reject }) => reject(new Error('The app closed before its secret store answered')))
    pending.clear()
  })
  const ask = (
    op: z.infer<typeof SecretCall>['op'],
    extra: { saved?: SavedApiKey; name?: string; value?: string } = {}
  ): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      port.postMessage({ kind: 'secret', id, op, ...extra })
    })
  return {
    getApiKey: async () => ((await ask('get')) as SavedApiKey | null) ?? undefined,
    setApiKey: async (saved) => void (await ask('set', { saved })),
    describe: async () => (await ask('describe')) as SecretStoreInfo,
    getSecret: async (name) => ((await ask('getSecret', { name })) as string | null) ?? undefined,
    setSecret: async (name, value) =>
      void (await ask('setSecret', value === undefined ? { name } : { name, value }))
  }
}
