import { useId, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectProjectDir } from '../files/projectFolderSlice'
import { selectPromptLoading, selectPromptModel, selectPromptPlatform } from './promptSlice'

const PLATFORMS = ['desktop', 'cli', 'web', 'mcp', 'api'] as const

/** Project folder, model and platform for the preview; blank model/platform = config.json's. */
export function PromptControls({ onPickFolder }: Readonly<{ onPickFolder: () => void }>): ReactNode {
  const projectDir = useAppStore(selectProjectDir)
  const model = useAppStore(selectPromptModel)
  const platform = useAppStore(selectPromptPlatform)
  const loading = useAppStore(selectPromptLoading)
  const setModel = useAppStore((state) => state.setPromptModel)
  const setPlatform = useAppStore((state) => state.setPromptPlatform)
  const assemble = useAppStore((state) => state.assemblePrompt)
  const modelId = useId()
  const platformId = useId()
  return (
    <form
      className="prompt-controls"
      aria-label="Prompt options"
      onSubmit={(event) => {
        event.preventDefault()
        void assemble()
      }}
    >
      <div className="field">
        <span className="field__label">Project folder</span>
        <span className="prompt-controls__folder">
          <span className="path mono" data-testid="prompt-project-dir">
            {projectDir ?? 'None (no project rules)'}
          </span>
          <Button size="small" data-testid="prompt-pick-folder" onClick={onPickFolder}>
            {projectDir === null ? 'Choose…' : 'Change…'}
          </Button>
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={modelId}>
          Model
        </label>
        <input
          id={modelId}
          className="input mono"
          value={model}
          placeholder="from settings"
          data-testid="prompt-model"
          onChange={(event) => setModel(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={platformId}>
          Platform
        </label>
        <select
          id={platformId}
          className="input"
          value={platform}
          data-testid="prompt-platform"
          onChange={(event) => setPlatform(event.target.value)}
        >
          <option value="">from settings</option>
          {PLATFORMS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="primary" disabled={loading} data-testid="prompt-assemble">
        {loading ? 'Assembling…' : 'Assemble'}
      </Button>
    </form>
  )
}
