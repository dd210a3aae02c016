import { useEffect, useId, useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { FolderPickerDialog } from '../files/FolderPickerDialog'
import { selectProjectDir } from '../files/projectFolderSlice'
import { selectChatFolder } from './chatProjectSlice'
import { baseName, rulesOf, type RulesInfo } from './projectRules'

/** "AGENTS.md loaded", "no rules file", or why the rules did not load as written. */
function RulesLabel({
  folder,
  rules,
  error
}: Readonly<{ folder: string | null; rules: RulesInfo | null; error: string | null }>): ReactNode {
  if (error !== null) return <span className="chat-project__rules chat-project__rules--bad">{error}</span>
  if (folder === null) return <span className="chat-project__rules muted">no project rules</span>
  if (rules === null) return <span className="chat-project__rules muted">no rules file in this folder</span>
  const name = baseName(rules.path)
  if (rules.blocked)
    return (
      <span className="chat-project__rules chat-project__rules--bad" title={rules.path}>
        {name}: not all of it loaded (see below)
      </span>
    )
  return (
    <span className="chat-project__rules" title={rules.path}>
      {name} loaded{rules.truncated ? ' (truncated)' : ''}
    </span>
  )
}

/**
 * The project folder in effect and the rules file it loaded: the open session's (frozen with its
 * prompt) or, for a new chat, the agent's folder. The button opens the folder picker.
 */
export function ProjectFolderControl(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const agentFolder = useAppStore(selectProjectDir)
  const folder = useAppStore(selectChatFolder)
  const preview = useAppStore((state) => state.chatFolderPreview)
  const agentId = useAppStore((state) => state.selectedAgentId)
  const loadProjectDir = useAppStore((state) => state.loadProjectDir)
  const previewChatFolder = useAppStore((state) => state.previewChatFolder)
  const changeChatFolder = useAppStore((state) => state.changeChatFolder)
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const [picking, setPicking] = useState(false)
  const describedBy = useId()
  useEffect(() => {
    void loadProjectDir()
  }, [loadProjectDir, agentId])
  useEffect(() => {
    if (detail === null && agentId !== null) void previewChatFolder()
  }, [previewChatFolder, detail, agentId, agentFolder])
  const fresh = preview !== null && preview.agentId === agentId && preview.cwd === agentFolder
  const rules = detail !== null ? rulesOf(detail.promptLayers) : fresh ? preview.rules : null
  const error = detail === null && fresh ? preview.error : null
  return (
    <div className="chat-project" data-testid="chat-project">
      <button
        type="button"
        className="chat-project__button"
        aria-label="Project folder"
        aria-describedby={describedBy}
        disabled={busy}
        onClick={() => setPicking(true)}
        data-testid="chat-project-folder"
      >
        <span className="chat-project__caption">Project folder</span>
        <span className="chat-project__path mono" data-testid="chat-project-path">
          {folder ?? 'No project'}
        </span>
      </button>
      <span id={describedBy} data-testid="chat-project-rules">
        <RulesLabel folder={folder} rules={rules} error={error} />
      </span>
      {picking && (
        <FolderPickerDialog
          start={folder}
          purpose={
            detail === null
              ? 'This chat works in the folder you choose: its rules file goes into the prompt.'
              : 'A chat keeps the folder it started in, so choosing another folder starts a new chat there.'
          }
          allowNone
          onChoose={(dir) => void changeChatFolder(dir)}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  )
}
