import type { Speaker } from '../../shared/contract/review'
import type { ContentBlock } from '../chat/chatTypes'
import { SessionRepository } from '../chat/sessionRepository'
import type { Db } from '../node/db/openDatabase'

/** One message of a session as retention reads it: who spoke, its id, and its plain text. */
export interface TranscriptMessage {
  readonly id: string
  readonly role: Speaker
  readonly text: string
}

export interface Transcript {
  readonly sessionId: string
  readonly agentId: string
  readonly messages: readonly TranscriptMessage[]
}

/** Where retention gets a finished session's conversation from (the chat feature's tables). */
export interface TranscriptSource {
  transcript(sessionId: string): Transcript | undefined
}

/**
 * Reads transcripts from the chat feature's stored sessions. Only what the user typed and the
 * agent's replies are kept (tool results are machine output, not facts anyone stated); a tool
 * call shows as a one-line marker so the model sees that, for example, a memory write happened.
 */
export function sessionTranscriptSource(db: Db): TranscriptSource {
  const sessions = new SessionRepository(db)
  return {
    transcript(sessionId) {
      const session = sessions.getSession(sessionId)
      if (!session) return undefined
      const messages: TranscriptMessage[] = []
      for (const message of sessions.messages(sessionId)) {
        if (message.kind === 'tool_results' || message.status === 'streaming') continue
        const text = plainText(message.content)
        if (text !== '')
          messages.push({ id: String(message.id), role: message.role === 'user' ? 'user' : 'agent', text })
      }
      return { sessionId, agentId: session.agentId, messages }
    }
  }
}

function plainText(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((block) =>
      block.type === 'text' ? block.text : block.type === 'tool_use' ? `[called the ${block.name} tool]` : ''
    )
    .filter((text) => text !== '')
    .join('\n')
    .trim()
}
