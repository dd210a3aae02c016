import { useId, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { AgentId, ImportSource } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { IMPORT_SOURCES } from './importSources'
import { ImportMapTable } from './ImportMapTable'

/** Step one: the source, where it is, and which agent receives it. */
export function ImportForm(): ReactNode {
  const { draft, setDraft, preview, busy } = useAppStore(
    useShallow((s) => ({
      draft: s.importDraft,
      setDraft: s.setImportDraft,
      preview: s.previewImport,
      busy: s.importStep === 'running'
    }))
  )
  const agents = useAppStore(useShallow((s) => s.agentIds.flatMap((id) => s.agentsById[id] ?? [])))
  const pathId = useId()
  const agentId = useId()
  const source = IMPORT_SOURCES.find((s) => s.id === draft.source) ?? IMPORT_SOURCES[0]
  const missingPath = !source?.optionalPath && draft.path.trim() === ''
  return (
    <form
      className="import-form"
      onSubmit={(event) => {
        event.preventDefault()
        if (!missingPath) void preview()
      }}
    >
      <fieldset className="import-sources">
        <legend className="field__label">Bring in from</legend>
        {IMPORT_SOURCES.map((s) => (
          <label key={s.id} className="import-source">
            <input
              type="radio"
              name="import-source"
              value={s.id}
              checked={draft.source === s.id}
              onChange={() => setDraft({ source: s.id as ImportSource, path: '' })}
            />
            <span>
              <strong>{s.label}</strong>
              <span className="muted"> — {s.reads}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {source && <ImportMapTable source={source.id} label={source.name} />}
      <div className="field">
        <label className="field__label" htmlFor={pathId}>
          {source?.path}
        </label>
        <input
          id={pathId}
          className="input mono"
          value={draft.path}
          spellCheck={false}
          onChange={(event) => setDraft({ path: event.target.value })}
        />
        <span className="field__hint">A path on the machine Hearth runs on.</span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={agentId}>
          Agent that receives it
        </label>
        <select
          id={agentId}
          className="select"
          value={draft.agentId ?? ''}
          onChange={(event) =>
            setDraft({ agentId: event.target.value === '' ? null : (event.target.value as AgentId) })
          }
        >
          <option value="">A new agent (named from the source)</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="primary" disabled={busy || missingPath}>
        Preview
      </Button>
    </form>
  )
}
