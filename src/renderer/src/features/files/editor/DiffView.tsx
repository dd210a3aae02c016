import { DiffEditor } from '@monaco-editor/react'
import type { ReactNode } from 'react'
import { HEARTH_THEME } from './monacoSetup'

export type DiffViewProps = Readonly<{
  original: string
  modified: string
  originalLabel: string
  modifiedLabel: string
  language?: string
  'data-testid'?: string
}>

/** A read-only side-by-side Monaco diff (left: `original`, right: `modified`). */
export function DiffView({ original, modified, originalLabel, modifiedLabel, language = 'markdown', 'data-testid': testId }: DiffViewProps): ReactNode {
  return (
    <div className="diff-view" data-testid={testId}>
      <div className="diff-view__labels">
        <span>{originalLabel}</span>
        <span>{modifiedLabel}</span>
      </div>
      <div className="diff-view__editor">
        <DiffEditor
          original={original}
          modified={modified}
          language={language}
          theme={HEARTH_THEME}
          loading={<div className="muted text-editor__loading">Loading the diff…</div>}
          options={{ readOnly: true, originalEditable: false, renderSideBySide: true, useInlineViewWhenSpaceIsLimited: false, wordWrap: 'on', minimap: { enabled: false }, automaticLayout: true, scrollBeyondLastLine: false, fontSize: 13 }}
        />
      </div>
    </div>
  )
}
