import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { importName, useImportRun } from './ImportChip'

/** Says Review shows one import's candidates only, offers to select them all for one decision, and how to see everything again. */
export function ImportFilterBanner(): ReactNode {
  const { importId, candidates, selected, toggle, show, navigate } = useAppStore(
    useShallow((s) => ({
      importId: s.reviewImportId,
      candidates: s.reviewCandidates,
      selected: s.reviewSelected,
      toggle: s.toggleReviewSelected,
      show: s.showReviewForImport,
      navigate: s.navigate
    }))
  )
  const run = useImportRun(importId)
  if (importId === null) return null
  const count = candidates.length
  const about = run === undefined ? 'one import' : `${importName(run)} (${run.path})`
  const unselected = candidates.filter((c) => !selected.includes(c.id))
  return (
    <Banner
      tone="info"
      title={`Showing ${count} candidate${count === 1 ? '' : 's'} from ${about}`}
      data-testid="review-import-filter"
      actions={
        <>
          {unselected.length > 0 && (
            <Button size="small" onClick={() => unselected.forEach((c) => toggle(c.id))}>
              Select all {count}
            </Button>
          )}
          <Button size="small" variant="ghost" onClick={() => navigate('import')}>
            Back to the import
          </Button>
          <Button size="small" onClick={() => show(null)}>
            Show all candidates
          </Button>
        </>
      }
    >
      Nothing imported is remembered until you approve it here. Select them all to approve or reject them
      together.
    </Banner>
  )
}
