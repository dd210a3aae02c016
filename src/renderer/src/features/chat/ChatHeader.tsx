import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { selectOpenSessionEnded } from './chatEndSlice'
import { ProjectFolderControl } from './ProjectFolderControl'
import { PromptNotice } from './PromptNotice'
import { ChatTitleBar } from '../chats/ChatTitleBar'

/** The top of a chat: where it works (project folder and rules), what its prompt left out, and ending it. */
export function ChatHeader(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const ended = useAppStore(selectOpenSessionEnded)
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const endSession = useAppStore((state) => state.endChatSession)
  return (
    <div className="chat-header" data-testid="chat-header">
      <ChatTitleBar />
      <ProjectFolderControl />
      {detail !== null && !ended && (
        <span className="chat-header__actions">
          <Button
            size="small"
            disabled={busy}
            title={
              busy
                ? 'Wait for the reply (or press Stop) before ending the session'
                : 'End this session: retention looks for facts worth remembering and puts them in Review'
            }
            onClick={() => void endSession()}
            data-testid="chat-end-session"
          >
            End session
          </Button>
        </span>
      )}
      <PromptNotice />
    </div>
  )
}
