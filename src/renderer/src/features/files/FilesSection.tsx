import { useEffect, useState, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { useAppStore } from '../../store/useAppStore'
import { selectSelectedAgent } from '../agents/agentsSlice'
import { FileTabs } from './FileTabs'
import { fileTabs } from './fileTargets'
import { FileView } from './FileView'
import { FolderPickerDialog } from './FolderPickerDialog'
import { selectActiveFileKind } from './fileSelectors'
import { selectProjectDir } from './projectFolderSlice'

/** Files: the selected agent's SOUL.md and MEMORY.md, the shared USER.md, and a project's rules file. */
export function FilesSection(): ReactNode {
  const agent = useAppStore(selectSelectedAgent)
  const projectDir = useAppStore(selectProjectDir)
  const active = useAppStore(selectActiveFileKind)
  const [picking, setPicking] = useState(false)
  // Kept across tabs: a user who unfolds the preview under the editor wants it for every file.
  const [previewOpen, setPreviewOpen] = useState(false)
  const chooseProjectDir = useAppStore((state) => state.chooseProjectDir)
  const loadProjectDir = useAppStore((state) => state.loadProjectDir)
  const showFileKind = useAppStore((state) => state.showFileKind)
  useEffect(() => {
    void loadProjectDir()
  }, [loadProjectDir, agent?.id])
  const tabs = fileTabs(agent?.id ?? null, projectDir)
  const tab = tabs.find((candidate) => candidate.kind === active) ?? tabs[0]
  return (
    <div className="section section--fill" data-testid="files-section">
      <header className="section__header">
        <h1 className="section__title">Files</h1>
        <span className="section__subtitle">
          {agent !== undefined ? `Editing ${agent.name}` : 'No agent selected'}
        </span>
        {active === 'rules' && projectDir !== null && (
          <span className="files-project">
            <span className="path" data-testid="project-dir">
              {projectDir}
            </span>
            <Button
              size="small"
              variant="ghost"
              data-testid="project-change"
              onClick={() => setPicking(true)}
            >
              Change folder
            </Button>
          </span>
        )}
      </header>
      <FileTabs tabs={tabs} />
      {tab?.target != null ? (
        <FileView
          key={tab.key}
          target={tab.target}
          label={tab.label}
          previewOpen={previewOpen}
          onTogglePreview={() => setPreviewOpen((open) => !open)}
        />
      ) : tab?.kind === 'rules' ? (
        <EmptyState
          title="Pick a project folder"
          data-testid="rules-empty"
          action={
            <Button variant="primary" data-testid="project-pick" onClick={() => setPicking(true)}>
              Choose folder…
            </Button>
          }
        >
          A project's rules file (AGENTS.md, CLAUDE.md, .cursorrules …) tells agents how to work in that
          folder.
        </EmptyState>
      ) : (
        <EmptyState title="No agent selected">
          Create or pick an agent in the sidebar to edit its files.
        </EmptyState>
      )}
      {picking && (
        <FolderPickerDialog
          start={projectDir}
          purpose={`New chats of ${agent?.name ?? 'this agent'} work in this folder. Hearth edits its rules file (AGENTS.md, CLAUDE.md, .cursorrules …), or creates AGENTS.md if it has none.`}
          onChoose={(dir) => {
            chooseProjectDir(dir)
            showFileKind('rules')
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  )
}
