import { Suspense, type ReactNode } from 'react'
import { selectSection } from '../store/navigationSlice'
import { useAppStore } from '../store/useAppStore'
import { SectionErrorBoundary } from './SectionErrorBoundary'
import { SECTIONS } from './sections'

/** Renders the selected section from the registry, each behind its own error boundary. */
export function SectionView(): ReactNode {
  const id = useAppStore(selectSection)
  const section = SECTIONS[id]
  const Component = section.component
  return (
    <SectionErrorBoundary key={id} name={section.label}>
      <Suspense fallback={<div className="section muted">Loading {section.label}…</div>}>
        <Component />
      </Suspense>
    </SectionErrorBoundary>
  )
}
