import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ImportReport } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import { ImportCounts } from './ImportCounts'
import { ImportForm } from './ImportForm'
import { ImportProgressBar } from './ImportProgressBar'
import { ImportProposals } from './ImportProposals'
import { ImportRetention } from './ImportRetention'
import './imports.css'

/** Step two: what the import would do, with Import (and the persona question when there is one). */
function ImportPreview({ preview }: Readonly<{ preview: ImportReport }>): ReactNode {
  const { run, draft, setDraft } = useAppStore(
    useShallow((s) => ({ run: s.runImport, draft: s.importDraft, setDraft: s.setImportDraft }))
  )
  return (
    <Panel title="Preview (nothing written yet)" data-testid="import-preview">
      <p>{preview.summary}</p>
      <ImportCounts report={preview} />
      {preview.persona.action === 'ask' && (
        <label className="import-replace-soul">
          <input
            type="checkbox"
            checked={draft.replaceSoul}
            onChange={(event) => setDraft({ replaceSoul: event.target.checked })}
          />{' '}
          Replace {preview.agent.name}’s SOUL.md with the imported one
        </label>
      )}
      <Button variant="primary" disabled={preview.nothingNew} onClick={() => void run()}>
        {preview.nothingNew
          ? 'Nothing new to import'
          : `Import into ${preview.agent.created ? 'a new agent' : preview.agent.name}`}
      </Button>
    </Panel>
  )
}

/** Step three: what happened, the servers it proposes, Review for its candidates, and the retention pass. */
function ImportDone({ report }: Readonly<{ report: ImportReport }>): ReactNode {
  const { openReview, navigate, reset } = useAppStore(
    useShallow((s) => ({ openReview: s.showReviewForImport, navigate: s.navigate, reset: s.resetImport }))
  )
  const candidates = report.counts.candidate?.new ?? 0
  return (
    <Panel
      title={`Imported into ${report.agent.name}`}
      data-testid="import-done"
      actions={
        <Button size="small" variant="ghost" onClick={reset}>
          Import something else
        </Button>
      }
    >
      <p>{report.summary}</p>
      <ImportCounts report={report} />
      {report.importId !== null && candidates > 0 && (
        <Button
          variant="primary"
          onClick={() => {
            openReview(report.importId)
            navigate('review')
          }}
        >
          Review the {candidates} imported memor{candidates === 1 ? 'y' : 'ies'}
        </Button>
      )}
      <ImportProposals report={report} />
      <ImportRetention agentId={report.agent.id} />
    </Panel>
  )
}

/**
 * Import: bring another runtime's agent or a chat export home. Pick the source, preview what it
 * brings and leaves out, import with progress; its memories then wait in Review, filtered to it.
 */
export function ImportSection(): ReactNode {
  const { step, preview, report, progress, error, hasPreview } = useAppStore(
    useShallow((s) => ({
      step: s.importStep,
      preview: s.importPreview,
      report: s.importReport,
      progress: s.importProgress,
      error: s.importError,
      hasPreview: s.importPreview !== null
    }))
  )
  return (
    <div className="section import-section" data-testid="import-section">
      <header className="section__header">
        <h1 className="section__title">Import</h1>
        <span className="section__subtitle">
          Nothing imported becomes memory until you approve it in Review. Running an import again brings in
          only what is new.
        </span>
      </header>
      {error !== null && (
        <Banner tone="danger" title="The import did not run; nothing was written" data-testid="import-error">
          {error}
        </Banner>
      )}
      {step !== 'done' && (
        <Panel title="Source">
          <ImportForm />
        </Panel>
      )}
      {step === 'running' && <ImportProgressBar progress={progress} preview={!hasPreview} />}
      {step === 'preview' && preview !== null && <ImportPreview preview={preview} />}
      {step === 'done' && report !== null && <ImportDone report={report} />}
    </div>
  )
}
