import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { TabPanel, Tabs } from '../../ui/Tabs'
import { selectReviewTab, type ReviewTab } from './reviewHistorySlice'

const ITEMS = [
  { id: 'inbox', label: 'Inbox' },
  { id: 'history', label: 'History' }
] as const satisfies readonly { id: ReviewTab; label: string }[]

const PREFIX = 'review-tab'

/** Inbox (what waits for a decision) or History (what was decided, with Undo). */
export function ReviewTabs(): ReactNode {
  const tab = useAppStore(selectReviewTab)
  const show = useAppStore((state) => state.showReviewTab)
  return <Tabs label="Review" idPrefix={PREFIX} items={ITEMS} value={tab} onChange={show} />
}

/** The panel under the tabs, labelled by the tab shown. */
export function ReviewTabPanel({ children }: Readonly<{ children: ReactNode }>): ReactNode {
  const tab = useAppStore(selectReviewTab)
  return (
    <TabPanel idPrefix={PREFIX} value={tab} className="review-tab-panel">
      {children}
    </TabPanel>
  )
}
