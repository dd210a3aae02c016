import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import type { RpcResult, Transport } from '../../src/shared/contract'
import type { Core } from '../../src/core/createCore'
import { startWebHost } from '../../src/server/webHost'

export interface StartedTransport {
  readonly transport: Transport
  stop(): Promise<void>
}

/** The real WebSocket host on 127.0.0.1 with a real client presenting the token. */
export async function startWebSocketTransport(core: Core, dir: string): Promise<StartedTransport> {
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>')
  const host = await startWebHost({ core, rendererDir })
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}`, { origin: `http://127.0.0.1:${host.port}` })
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject))
  const pending = new Map<number, (result: RpcResult<unknown>) => void>()
  const listeners = new Set<(event: string, payload: unknown) => void>()
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { id?: number; result?: RpcResult<unknown>; event?: string; payload?: unknown }
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
