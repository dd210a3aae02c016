import { useEffect, useState, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { EmptyState } from '../../ui/EmptyState'
import { useAppStore } from '../../store/useAppStore'
import { selectSelectedAgent } from '../agents/agentsSlice'
import { FolderPickerDialog } from '../files/FolderPickerDialog'
import { selectProjectDir } from '../files/projectFolderSlice'
import { LayerList } from './LayerList'
import { PromptControls } from './PromptControls'
import { PromptText } from './PromptText'
import { TierBar } from './TierBar'
import { selectPromptError, selectPromptPlatform, selectPromptView } from './promptSlice'
import './prompt.css'

/** Prompt: exactly what a new session of the selected agent would be sent, and where every byte comes from. */
export function PromptSection(): ReactNode {
  const agent = useAppStore(selectSelectedAgent)
  const projectDir = useAppStore(selectProjectDir)
  const view = useAppStore(selectPromptView)
  const error = useAppStore(selectPromptError)
  const assemble = useAppStore((state) => state.assemblePrompt)
  const platform = useAppStore(selectPromptPlatform)
  const [picking, setPicking] = useState(false)
  const chooseProjectDir = useAppStore((state) => state.chooseProjectDir)
  const loadProjectDir = useAppStore((state) => state.loadProjectDir)
  const agentId = agent?.id ?? null
  useEffect(() => {
    void loadProjectDir()
  }, [loadProjectDir, agentId])
  useEffect(() => {
    if (agentId !== null) void assemble()
  }, [agentId, projectDir, platform, assemble])
  if (agent === undefined) {
    return (
      <div className="section" data-testid="prompt-section">
        <EmptyState title="No agent selected">
          Create or pick an agent in the sidebar to see its system prompt.
        </EmptyState>
      </div>
    )
  }
  return (
    <div className="section" data-testid="prompt-section">
      <header className="section__header">
        <h1 className="section__title">Prompt</h1>
        <span className="section__subtitle">What a new session of {agent.name} would be sent</span>
      </header>
      <PromptControls onPickFolder={() => setPicking(true)} />
      {error !== null && (
        <Banner tone="danger" title="Could not assemble the prompt" data-testid="prompt-error">
          {error}
        </Banner>
      )}
      {view !== null && view.agentId === agent.id && (
        <>
          <TierBar view={view} />
          <div className="prompt-columns">
            <LayerList view={view} />
            <PromptText view={view} />
          </div>
        </>
      )}
      {picking && (
        <FolderPickerDialog
          start={projectDir}
          purpose={`New chats of ${agent.name} work in this folder; its rules file goes into the prompt's context tier.`}
          allowNone
          onChoose={chooseProjectDir}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  )
}
