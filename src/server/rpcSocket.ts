import type { WebSocket } from 'ws'
import { z } from 'zod'
import type { Core } from '../core/createCore'
import { dispatch } from '../core/rpc/dispatch'
import type { RpcResult } from '../shared/contract'

const ClientMessage = z.object({
  id: z.union([z.number(), z.string().max(100)]),
  method: z.string().max(200),
  input: z.unknown()
})

/** Calls one socket may have running at once; more are answered at once instead of queued without end. */
export const MAX_CALLS_IN_FLIGHT = 64

/**
 * Serves the contract on one accepted WebSocket. Nothing a client sends can throw out of here:
 * protocol errors (oversized, unmasked or bad-opcode frames) arrive as `error` events, which
 * `ws` follows with a close (1009, 1002); without a listener they would end the process.
 */
export function attachRpcSocket(ws: WebSocket, core: Core): void {
  const unsubscribe = core.subscribe((event, payload) => sendJson(ws, { event, payload }))
  let inFlight = 0
  // ws has already sent the matching close frame when it reports a protocol error; nothing to add.
  ws.on('error', () => undefined)
  ws.on('close', unsubscribe)
  ws.on('message', (raw, isBinary) => {
    const message = isBinary ? undefined : parseClientMessage(raw.toString())
    if (message === undefined) {
      sendJson(ws, { id: null, result: refusal('Expected a JSON text message {id, method, input}') })
      return
    }
    if (inFlight >= MAX_CALLS_IN_FLIGHT) {
      sendJson(ws, {
        id: message.id,
        result: refusal(
          `Too many calls at once (the limit is ${MAX_CALLS_IN_FLIGHT}); wait for some to finish`
        )
      })
      return
    }
    inFlight++
    void dispatch(core.handlers, { method: message.method, input: message.input }, core.errorLog).then(
      (result) => {
        inFlight--
        sendJson(ws, { id: message.id, result })
      }
    )
  })
}

function parseClientMessage(text: string): z.infer<typeof ClientMessage> | undefined {
  try {
    const parsed = ClientMessage.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    // Not JSON, or nested deeper than the parser's stack: the same answer either way.
    return undefined
  }
}

function refusal(message: string): RpcResult<never> {
  return { ok: false, error: { code: 'bad_request', message } }
}

/** Sends when the socket is open; a result that cannot be serialised becomes an error reply. */
function sendJson(
  ws: WebSocket,
  message: {
    readonly id?: unknown
    readonly result?: RpcResult<unknown>
    readonly event?: string
    readonly payload?: unknown
  }
): void {
  if (ws.readyState !== ws.OPEN) return
  let text: string
  try {
    text = JSON.stringify(message)
  } catch (error) {
    if (message.event !== undefined) return
    text = JSON.stringify({
      id: message.id,
      result: {
        ok: false,
        error: { code: 'internal', message: `The answer could not be sent: ${String(error)}` }
      }
    })
  }
  ws.send(text)
}
