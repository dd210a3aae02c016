import { lazy } from 'react'

/**
 * The editors, loaded on first use so Monaco (several MB) stays out of the start-up bundle.
 * Render them inside <Suspense>. Other features (prompt view, review merge) import from here.
 */
export const TextEditor = lazy(() =>
  import('./TextEditor').then((module) => ({ default: module.TextEditor }))
)
export const DiffView = lazy(() => import('./DiffView').then((module) => ({ default: module.DiffView })))
export type { TextEditorProps } from './TextEditor'
export type { DiffViewProps } from './DiffView'
