import type { ReactNode } from 'react'
import { ErrorBanner } from './ErrorBanner'
import { SectionView } from './SectionView'
import { Sidebar } from './Sidebar'

/** The app once there is at least one agent: sidebar on the left, the selected section on the right. */
export function Shell(): ReactNode {
  return (
    <div className="shell">
      <Sidebar />
      <main className="main">
        <div className="main__banners">
          <ErrorBanner />
        </div>
        <SectionView />
      </main>
    </div>
  )
}
