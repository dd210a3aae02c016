import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'

/** Says Review shows one import's candidates only, and how to see everything again. */
export function ImportFilterBanner(): ReactNode {
  const { importId, count, report, show, navigate } = useAppStore(
    useShallow((s) => ({
      importId: s.reviewImportId,
      count: s.reviewCandidates.length,
      report: s.importReport,
      show: s.showReviewForImport,
      navigate: s.navigate
    }))
  )
  if (importId === null) return null
  const about = report?.importId === importId ? `the ${report.source} import of ${report.path}` : 'one import'
  return (
    <Banner
      tone="info"
      title={`Showing ${count} candidate${count === 1 ? '' : 's'} from ${about}`}
      data-testid="review-import-filter"
      actions={
        <>
          <Button size="small" variant="ghost" onClick={() => navigate('import')}>
            Back to the import
          </Button>
          <Button size="small" onClick={() => show(null)}>
            Show all candidates
          </Button>
        </>
      }
    >
      Nothing imported is remembered until you approve it here.
    </Banner>
  )
}
