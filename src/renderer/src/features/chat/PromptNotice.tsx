import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { leftOutLayers, type LeftOutLayer } from './promptNotice'

/**
 * Under the chat's title: every part of this session's prompt the scanner kept back or the size
 * cap cut, why, and a way to the file to fix it. Nothing is shown when the whole prompt went in.
 */
export function PromptNotice(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const navigate = useAppStore((state) => state.navigate)
  const showFileKind = useAppStore((state) => state.showFileKind)
  const chooseProjectDir = useAppStore((state) => state.chooseProjectDir)
  const projectDirs = useAppStore((state) => state.projectDirs)
  if (detail === null) return null
  const leftOut = leftOutLayers(detail.promptLayers)
  if (leftOut.length === 0) return null
  const fix = (layer: LeftOutLayer): void => {
    if (layer.fixIn === null) return
    // The rules tab edits the agent's project folder: make it this chat's folder first.
    if (layer.fixIn === 'rules' && detail.cwd !== null && projectDirs[detail.agentId] !== detail.cwd)
      chooseProjectDir(detail.cwd)
    showFileKind(layer.fixIn)
    navigate('files')
  }
  return (
    <div className="chat-prompt-notice">
      <Banner
        tone="warning"
        title={
          leftOut.length === 1
            ? `Part of this chat's prompt was left out: ${leftOut[0]?.name}`
            : `Parts of this chat's prompt were left out (${leftOut.length})`
        }
        data-testid="chat-prompt-notice"
      >
        <ul className="chat-prompt-notice__list">
          {leftOut.map((layer) => (
            <li key={layer.id} data-testid="chat-prompt-left-out">
              {layer.reasons.join(' ')}{' '}
              {layer.fixIn !== null && (
                <Button size="small" variant="ghost" onClick={() => fix(layer)}>
                  Fix {layer.name} in Files
                </Button>
              )}
            </li>
          ))}
        </ul>
        <p className="field__hint">
          This chat keeps the prompt it started with: a fix applies to new chats, or to this one after Rebuild
          prompt.
        </p>
      </Banner>
    </div>
  )
}
