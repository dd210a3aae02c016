import { Suspense, useEffect, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { TextEditor } from '../files/editor'
import { PROJECT_STATE_OUTLINE, ProjectStateHint } from './ProjectStateHint'
import { selectProjectState } from './projectStateSlice'

/**
 * nexus/project-state.md in the app's editor. Every save appends a `state` entry carrying the
 * file's hash, so the log records each version the agents worked from.
 */
export function ProjectStateEditor(): ReactNode {
  const doc = useAppStore(selectProjectState)
  const load = useAppStore((state) => state.loadProjectState)
  const edit = useAppStore((state) => state.editProjectState)
  const save = useAppStore((state) => state.saveProjectState)
  useEffect(() => {
    void load()
  }, [load])
  if (doc === null) return <p className="muted">Loading the project state…</p>
  const dirty = doc.draft !== doc.content
  return (
    <div className="nexus-project-state" data-testid="nexus-project-state">
      <div className="nexus-project-state__bar">
        <span className="path">{doc.path}</span>
        <span className="muted">
          {doc.saving
            ? 'Saving…'
            : dirty
              ? 'Unsaved changes'
              : doc.lastEntry
                ? `Saved as entry #${doc.lastEntry.seq}`
                : 'Saved'}
        </span>
        <Button
          size="small"
          variant="primary"
          disabled={!dirty || doc.saving}
          onClick={() => void save()}
          data-testid="nexus-project-state-save"
        >
          Save
        </Button>
      </div>
      <ProjectStateHint empty={doc.draft.trim() === ''} onOutline={() => edit(PROJECT_STATE_OUTLINE)} />
      {doc.conflict !== null && (
        <Banner
          tone="warning"
          title={doc.conflict}
          actions={
            <>
              <Button size="small" onClick={() => void load()}>
                Reload
              </Button>
              <Button size="small" variant="primary" onClick={() => void save(true)}>
                Keep mine
              </Button>
            </>
          }
        />
      )}
      {doc.error !== null && (
        <Banner tone="danger" title="Could not save the project state">
          {doc.error}
        </Banner>
      )}
      <Suspense fallback={<p className="muted">Loading the editor…</p>}>
        <TextEditor
          value={doc.draft}
          onChange={edit}
          onSave={() => void save()}
          ariaLabel="Project state"
          data-testid="nexus-project-state-editor"
        />
      </Suspense>
    </div>
  )
}
