import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { MessageChannel } from 'node:worker_threads'
import { WebSocket } from 'ws'
import type { z } from 'zod'
import { events, isMethodName, methods, type RpcResult, type Transport } from '../../src/shared/contract'
import type { Core } from '../../src/core/createCore'
import { nodePort } from '../../src/core/rpc/nodePort'
import { connectPort, servePort } from '../../src/core/rpc/portTransport'
import { bindIpc, forwardEvents } from '../../src/main/ipc'
import { INVOKE_CHANNEL } from '../../src/shared/contract/channels'
import { startWebHost } from '../../src/server/webHost'
import { ipcHandlers } from './electronFake'

export interface StartedTransport {
  readonly transport: Transport
  stop(): Promise<void>
}

/** The top-level app page: the only sender main's IPC binding answers. */
export const TRUSTED_FRAME = { url: 'app://hearth/index.html', parent: null }

/** The Electron transport exactly as main binds it; needs `electron` mocked with `electronModule`. */
export async function startIpcTransport(core: Core): Promise<StartedTransport> {
  const unbind = bindIpc(core.handlers)
  const listeners = new Set<(event: string, payload: unknown) => void>()
  const contents = {
    isDestroyed: () => false,
    send: (_channel: string, name: string, payload: unknown) => listeners.forEach((l) => l(name, payload))
  }
  const stopForwarding = forwardEvents(contents as never, core.subscribe)
  const transport: Transport = {
    invoke: async (method, input) =>
      (await ipcHandlers.get(INVOKE_CHANNEL)?.(
        { senderFrame: TRUSTED_FRAME },
        { method, input }
      )) as RpcResult<unknown>,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  return { transport, stop: async () => (stopForwarding(), unbind()) }
}

/** The core behind a worker_threads message channel, as the Electron utility process serves it. */
export async function startPortTransport(core: Core): Promise<StartedTransport> {
  const { port1, port2 } = new MessageChannel()
  const stopServing = servePort(nodePort(port1), core)
  const transport = connectPort(nodePort(port2))
  return {
    transport,
    stop: async () => {
      stopServing()
      port1.close()
      port2.close()
    }
  }
}

/** The real WebSocket host on 127.0.0.1 with a real client presenting the token. */
export async function startWebSocketTransport(core: Core, dir: string): Promise<StartedTransport> {
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>')
  const host = await startWebHost({ core, rendererDir })
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}`, {
    origin: `http://127.0.0.1:${host.port}`
  })
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject))
  const pending = new Map<number, (result: RpcResult<unknown>) => void>()
  const listeners = new Set<(event: string, payload: unknown) => void>()
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as {
      id?: number
      result?: RpcResult<unknown>
      event?: string
      payload?: unknown
    }
    if (message.event !== undefined) listeners.forEach((l) => l(message.event as string, message.payload))
    else if (typeof message.id === 'number') pending.get(message.id)?.(message.result as RpcResult<unknown>)
  })
  let nextId = 1
  const transport: Transport = {
    invoke: (method, input) =>
      new Promise((resolve) => {
        const id = nextId++
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, method, input }))
      }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  return {
    transport,
    stop: async () => {
      socket.close()
      await host.close()
    }
  }
}

/**
 * The transport as a client that trusts nothing: every `ok` value must match its method's output
 * schema and every event its payload schema, exactly as the core sent it (unknown keys count as a
 * mismatch: the renderer would see them). A mismatch rejects the call, naming method and field.
 */
export function checkedTransport(inner: Transport): Transport & { readonly eventErrors: readonly string[] } {
  const eventErrors: string[] = []
  return {
    eventErrors,
    async invoke(method, input) {
      const result = await inner.invoke(method, input)
      if (result.ok && isMethodName(method)) {
        const problem = mismatch(methods[method].output, result.value)
        if (problem !== null)
          throw new Error(`${method} returned a value outside its output schema: ${problem}`)
      }
      return result
    },
    subscribe(listener) {
      return inner.subscribe((event, payload) => {
        const schema = (events as Record<string, z.ZodType>)[event]
        const problem =
          schema === undefined ? 'an event the contract does not name' : mismatch(schema, payload)
        if (problem !== null) eventErrors.push(`${event}: ${problem}`)
        listener(event, payload)
      })
    }
  }
}

/** Null when `value` is exactly what `schema` describes; otherwise the first problems, by path. */
function mismatch(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value)
  if (!result.success)
    return result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ')
  if (isDeepStrictEqual(result.data, value)) return null
  const extra = extraKeys(result.data, value)
  return extra.length > 0
    ? `it carries fields the schema leaves undeclared (${extra.join(', ')})`
    : 'parsing changed it (a default or transform the core should have applied)'
}

function extraKeys(parsed: unknown, sent: unknown, path = ''): string[] {
  if (typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null) return []
  return Object.keys(sent).flatMap((key) =>
    key in parsed
      ? extraKeys(
          (parsed as Record<string, unknown>)[key],
          (sent as Record<string, unknown>)[key],
          `${path}${key}.`
        )
      : [`${path}${key}`]
  )
}
