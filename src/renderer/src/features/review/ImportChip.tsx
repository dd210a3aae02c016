import { useEffect, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ImportRunView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { IMPORT_SOURCES } from '../imports/importSources'

/** "the ChatGPT import of 4 Dec 2026": how Review names an import; null while the runs are not loaded. */
export function importName(run: ImportRunView | undefined): string | null {
  if (run === undefined) return null
  const source = IMPORT_SOURCES.find((s) => s.id === run.source)?.name ?? run.source
  const day = new Date(run.finishedAtMs).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric'
  })
  return `the ${source} import of ${day}`
}

/** The import a run id names, loading the list of imports once when Review first needs it. */
export function useImportRun(importId: string | null): ImportRunView | undefined {
  const { runs, load } = useAppStore(useShallow((s) => ({ runs: s.importRuns, load: s.loadImportRuns })))
  useEffect(() => {
    if (importId !== null && runs === null) void load()
  }, [importId, runs, load])
  return runs?.find((run) => run.id === importId)
}

/**
 * On a candidate an import brought (its memory entries, or what retention proposed from its
 * chats): names the import, and shows only its candidates when pressed, so they can be selected
 * and decided together.
 */
export function ImportChip({ importId }: Readonly<{ importId: string }>): ReactNode {
  const { filtered, show } = useAppStore(
    useShallow((s) => ({ filtered: s.reviewImportId, show: s.showReviewForImport }))
  )
  const run = useImportRun(importId)
  const name = importName(run)
  const text = name === null ? 'imported' : name.replace(/^the /, '').replace(' import of ', ' import · ')
  const where = run === undefined ? undefined : `${run.path}`
  if (filtered === importId)
    return (
      <span className="candidate__flag candidate__flag--import" title={where} data-testid="candidate-import">
        {text}
      </span>
    )
  return (
    <button
      type="button"
      className="candidate__flag candidate__flag--import"
      title={where}
      aria-label={`Show only the candidates from ${name ?? 'this import'}`}
      data-testid="candidate-import"
      onClick={(event) => {
        event.stopPropagation()
        show(importId)
      }}
    >
      {text}
    </button>
  )
}
