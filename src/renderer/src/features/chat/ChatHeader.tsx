import type { ReactNode } from 'react'
import { ProjectFolderControl } from './ProjectFolderControl'

/** The top of a chat: where it works (project folder and rules) and what can be done with it. */
export function ChatHeader(): ReactNode {
  return (
    <div className="chat-header" data-testid="chat-header">
      <ProjectFolderControl />
    </div>
  )
}
