import type { ReactNode } from 'react'
import { ToolConfirmationBanner } from '../features/tools/ToolConfirmationBanner'
import { ShortcutsHelp } from '../features/shortcuts/ShortcutsHelp'
import { SearchSwitcher } from '../features/search/SearchSwitcher'
import { ErrorBanner } from './ErrorBanner'
import { SectionView } from './SectionView'
import { Sidebar } from './Sidebar'

/**
 * The app once there is at least one agent: sidebar on the left, the selected section on the
 * right. The banners above the section are questions and errors that must be seen on any screen
 * (an agent waiting for permission to write memory cannot wait for the user to open Settings).
 */
export function Shell(): ReactNode {
  return (
    <div className="shell">
      <Sidebar />
      <main className="main">
        <div className="main__banners">
          <ToolConfirmationBanner />
          <ErrorBanner />
        </div>
        <SectionView />
      </main>
      <ShortcutsHelp />
      <SearchSwitcher />
    </div>
  )
}
