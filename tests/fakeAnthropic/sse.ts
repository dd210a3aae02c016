import type { ServerResponse } from 'node:http'
import type { ResolvedReply } from './replies'
import type { InputUsage, Usage } from './types'

/** What interrupts a stream after a number of deltas (fault injection). */
export type StreamInterruption =
  | {
      readonly kind: 'error'
      readonly afterDeltas: number
      readonly errorType: string
      readonly message: string
    }
  | { readonly kind: 'drop'; readonly afterDeltas: number }

export interface StreamPlan {
  readonly messageId: string
  readonly requestId: string
  readonly model: string
  readonly usage: InputUsage
  readonly reply: ResolvedReply
  readonly delayMs: number
  readonly interruption?: StreamInterruption
}

export type StreamOutcome = 'complete' | 'aborted' | 'error_event' | 'dropped'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Full usage as sent in a final message / message_delta. */
export function fullUsage(usage: InputUsage, outputTokens: number): Usage {
  return { ...usage, output_tokens: outputTokens, service_tier: 'standard' }
}

/**
 * Writes one named SSE event, split across two writes so clients must reassemble frames. Always
 * writes the `event:` line: the SDK silently drops data-only events.
 */
function writeEvent(response: ServerResponse, type: string, data: object): void {
  const frame = `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
  const middle = Math.floor(frame.length / 2)
  response.write(frame.slice(0, middle))
  response.write(frame.slice(middle))
}

/** Streams a reply as the real API does, honouring delays and faults. */
export async function writeStream(response: ServerResponse, plan: StreamPlan): Promise<StreamOutcome> {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': plan.requestId
  })
  const message = {
    id: plan.messageId,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: fullUsage(plan.usage, 1)
  }
  writeEvent(response, 'message_start', { message })
  let deltas = 0
  for (const [index, block] of plan.reply.content.entries()) {
    const start =
      block.type === 'text'
        ? { type: 'text', text: '' }
        : { type: 'tool_use', id: block.id, name: block.name, input: {} }
    writeEvent(response, 'content_block_start', { index, content_block: start })
    if (index === 0) writeEvent(response, 'ping', {})
    const pieces = block.type === 'text' ? block.deltas : block.fragments
    for (const piece of pieces) {
      const stop = interruptionDue(response, plan.interruption, deltas)
      if (stop) return stop
      if (plan.delayMs > 0) await sleep(plan.delayMs)
      if (response.destroyed) return 'aborted'
      const delta =
        block.type === 'text'
          ? { type: 'text_delta', text: piece }
          : { type: 'input_json_delta', partial_json: piece }
      writeEvent(response, 'content_block_delta', { index, delta })
      deltas += 1
    }
    writeEvent(response, 'content_block_stop', { index })
  }
  const stop = interruptionDue(response, plan.interruption, deltas)
  if (stop) return stop
  const usage = { ...fullUsage(plan.usage, plan.reply.outputTokens), cache_creation: undefined }
  writeEvent(response, 'message_delta', {
    delta: { stop_reason: plan.reply.stopReason, stop_sequence: null, stop_details: null },
    usage
  })
  writeEvent(response, 'message_stop', {})
  response.end()
  return 'complete'
}

/** Applies an interruption once `deltas` deltas have been sent; returns its outcome, if any. */
function interruptionDue(
  response: ServerResponse,
  interruption: StreamInterruption | undefined,
  deltas: number
): StreamOutcome | undefined {
  if (response.destroyed) return 'aborted'
  if (!interruption || deltas < interruption.afterDeltas) return undefined
  if (interruption.kind === 'drop') {
    response.socket?.destroy()
    return 'dropped'
  }
  writeEvent(response, 'error', { error: { type: interruption.errorType, message: interruption.message } })
  response.end()
  return 'error_event'
}
