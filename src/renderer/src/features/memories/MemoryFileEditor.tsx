import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { MemoryFileDocument } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'

/**
 * One memory file, whole, as plain text (frontmatter included: it is the user's file). Saving is
 * refused when the file changed on disk since it was opened, so an edit elsewhere is never lost.
 */
export function MemoryFileEditor({ doc }: Readonly<{ doc: MemoryFileDocument }>): ReactNode {
  const { save, close } = useAppStore(
    useShallow((s) => ({ save: s.saveMemoryFile, close: s.closeMemoryFile }))
  )
  const [text, setText] = useState(doc.text)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (): Promise<void> => {
    setBusy(true)
    const result = await save(text)
    setBusy(false)
    setMessage(result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: result.message })
  }
  return (
    <div className="memory-file-editor" data-testid="memory-file-editor">
      <div className="memory-file-editor__header">
        <span className="path">{doc.path}</span>
        <Button size="small" variant="ghost" onClick={close}>
          Close
        </Button>
      </div>
      <textarea
        className="textarea"
        aria-label={`Text of memories/${doc.slug}.md`}
        rows={10}
        value={text}
        onChange={(event) => (setText(event.target.value), setMessage(null))}
      />
      <div className="form-actions">
        {message !== null && (
          <span className={message.ok ? 'muted' : 'field__error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </span>
        )}
        <Button
          size="small"
          variant="primary"
          disabled={busy || text === doc.text}
          onClick={() => void submit()}
        >
          Save file
        </Button>
      </div>
    </div>
  )
}
