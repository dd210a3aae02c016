import { DiffEditor, type DiffOnMount } from '@monaco-editor/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore } from '../../../store/useAppStore'
import { selectResolvedTheme } from '../../theme/themeSlice'
import { editorTheme } from './monacoSetup'

export type DiffViewProps = Readonly<{
  original: string
  modified: string
  originalLabel: string
  modifiedLabel: string
  language?: string
  'data-testid'?: string
}>

type MountedDiffEditor = Parameters<DiffOnMount>[0]

/** A read-only side-by-side Monaco diff (left: `original`, right: `modified`). */
export function DiffView({
  original,
  modified,
  originalLabel,
  modifiedLabel,
  language = 'markdown',
  'data-testid': testId
}: DiffViewProps): ReactNode {
  const editorRef = useRef<MountedDiffEditor | null>(null)
  const pageTheme = useAppStore(selectResolvedTheme)
  // @monaco-editor/react disposes the two text models before detaching them from the diff widget,
  // which Monaco reports as an uncaught error on every close. We keep the models (props below) and
  // detach first, then dispose, in the order Monaco expects.
  useEffect(
    () => () => {
      const editor = editorRef.current
      if (!editor) return
      const models = editor.getModel()
      editor.setModel(null)
      models?.original.dispose()
      models?.modified.dispose()
    },
    []
  )
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
          theme={editorTheme(pageTheme)}
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          onMount={(editor) => (editorRef.current = editor)}
          loading={<div className="muted text-editor__loading">Loading the diff…</div>}
          options={{
            readOnly: true,
            originalEditable: false,
            renderSideBySide: true,
            useInlineViewWhenSpaceIsLimited: false,
            wordWrap: 'on',
            minimap: { enabled: false },
            automaticLayout: true,
            scrollBeyondLastLine: false,
            fontSize: 13
          }}
        />
      </div>
    </div>
  )
}
