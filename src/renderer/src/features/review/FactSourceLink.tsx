import type { ReactNode } from 'react'
import type { Fact, MessageId } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'

/** The stored chat message a fact points at, when it names one. */
function chatMessageId(fact: Fact): MessageId | null {
  return fact.sessionId === null ? null : fact.messageId
}

/** Longest chat title a source line quotes in full; longer ones are cut at a word. */
const TITLE_CHARS = 60

/** A chat's title as a source line quotes it: “Release planning”, or "an untitled chat". */
export function quoteChatTitle(title: string | null): string {
  if (title === null) return 'an untitled chat'
  if (title.length <= TITLE_CHARS) return `“${title}”`
  const cut = title.slice(0, TITLE_CHARS)
  return `“${cut.slice(0, Math.max(cut.lastIndexOf(' '), TITLE_CHARS / 2)).trimEnd()}…”`
}

/** Where a fact came from, in words: "message 3 of “Release planning”"; null when it came from no chat. */
export function describeFactSource(fact: Fact): string | null {
  if (fact.sessionId === null) return null
  const chat = quoteChatTitle(fact.sessionTitle)
  return fact.messageNumber === null ? chat : `message ${fact.messageNumber} of ${chat}`
}

/**
 * The source of a fact as a link that opens that message in Chat, so the user can judge the fact
 * in context; plain text when the message is gone, "not from a chat" when there never was one.
 */
export function FactSourceLink({ fact }: Readonly<{ fact: Fact }>): ReactNode {
  const showMessage = useAppStore((state) => state.showChatMessage)
  const focusComposer = useAppStore((state) => state.focusChatComposer)
  const label = describeFactSource(fact)
  const messageId = chatMessageId(fact)
  if (label === null) return <span className="fact-source">not from a chat</span>
  if (fact.sessionId === null || messageId === null || fact.messageNumber === null)
    return <span className="fact-source">{label}</span>
  const sessionId = fact.sessionId
  return (
    <button
      type="button"
      className="fact-source fact-source--link"
      title="Open this message in Chat"
      data-testid="fact-source"
      onClick={(event) => {
        event.stopPropagation()
        // This view leaves for Chat, taking the focused link with it: the message box takes the focus.
        void showMessage({ agentId: fact.agentId, sessionId, messageId }).then(() => focusComposer('if-lost'))
      }}
    >
      {label}
    </button>
  )
}
