import type { InspectedCall } from '../../../shared/contract/inspector'
import { attachmentRefs } from '../../../shared/util/attachmentRefs'
import type { InspectedRequest } from './requestDiff'

/** Messages sent with a call: the newest, where one call differs from the one before. */
export const REQUEST_MESSAGES_SHOWN = 20

/**
 * A request as `inspector.turn` answers it: its newest messages with how many there are in all,
 * and what the Inspector says about the whole request (its attachments, the deferred tools it
 * called) worked out here, so no message is needed on the other side to say it.
 */
export function sentRequest(request: InspectedRequest): InspectedCall['request'] {
  const { messages } = request
  return {
    ...request,
    messages: messages.slice(-REQUEST_MESSAGES_SHOWN),
    messageCount: messages.length,
    attachments: messages.flatMap((message) => attachmentRefs(message.content)),
    bridgeCalls: calledThroughBridge(messages)
  }
}

/** Deferred tools the model reached in this request through `tool_call` (their real names, once each). */
function calledThroughBridge(messages: InspectedRequest['messages']): string[] {
  const names = messages.flatMap((message) =>
    message.content.flatMap((block) => {
      const input = block.input as { name?: unknown } | undefined
      return block.type === 'tool_use' && block.name === 'tool_call' && typeof input?.name === 'string'
        ? [input.name]
        : []
    })
  )
  return [...new Set(names)]
}
