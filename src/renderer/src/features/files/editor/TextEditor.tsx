import Editor, { type OnMount } from '@monaco-editor/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore } from '../../../store/useAppStore'
import { selectResolvedTheme } from '../../theme/themeSlice'
import { editorTheme, monaco } from './monacoSetup'

export type TextEditorProps = Readonly<{
  value: string
  onChange: (value: string) => void
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void
  readOnly?: boolean
  language?: string
  ariaLabel: string
  'data-testid'?: string
}>

/** The one Monaco text editor of the app (value / onChange / onSave); nothing else imports Monaco. */
export function TextEditor({
  value,
  onChange,
  onSave,
  readOnly = false,
  language = 'markdown',
  ariaLabel,
  'data-testid': testId
}: TextEditorProps): ReactNode {
  // The save command is registered once on mount; the ref keeps it calling the latest onSave.
  const saveRef = useRef(onSave)
  const pageTheme = useAppStore(selectResolvedTheme)
  useEffect(() => {
    saveRef.current = onSave
  })
  const handleMount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current?.())
  }
  return (
    <div className="text-editor" data-testid={testId} data-readonly={readOnly ? 'true' : 'false'}>
      <Editor
        value={value}
        language={language}
        theme={editorTheme(pageTheme)}
        onChange={(next) => onChange(next ?? '')}
        onMount={handleMount}
        loading={<div className="muted text-editor__loading">Loading the editor…</div>}
        options={{
          readOnly,
          ariaLabel,
          wordWrap: 'on',
          minimap: { enabled: false },
          fontSize: 13.5,
          lineHeight: 21,
          padding: { top: 12, bottom: 12 },
          scrollBeyondLastLine: false,
          renderLineHighlight: 'line',
          automaticLayout: true,
          unicodeHighlight: { ambiguousCharacters: false }
        }}
      />
    </div>
  )
}
