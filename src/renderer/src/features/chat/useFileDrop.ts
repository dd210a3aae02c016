import { useState, type ClipboardEvent, type DragEvent } from 'react'
import { filesFrom } from '../attachments'
import { PASTE_AS_FILE_CHARS } from '../attachments/attachmentsSlice'

/**
 * Paste and drop handlers that hand files to `attach`. A text paste of `PASTE_AS_FILE_CHARS` or more
 * goes to `attachText` (sent as a text file, so the box and the transcript stay readable); shorter
 * text pastes are left to the textarea.
 */
export function useFileDrop(
  attach: (files: File[]) => Promise<void>,
  attachText: (text: string) => Promise<void>
): {
  readonly dragging: boolean
  readonly onPaste: (event: ClipboardEvent) => void
  readonly onDragOver: (event: DragEvent) => void
  readonly onDragLeave: () => void
  readonly onDrop: (event: DragEvent) => void
} {
  const [dragging, setDragging] = useState(false)
  return {
    dragging,
    onPaste: (event) => {
      const files = filesFrom(event.clipboardData)
      if (files.length > 0) {
        event.preventDefault()
        void attach(files)
        return
      }
      const text = event.clipboardData.getData('text/plain')
      if (text.length < PASTE_AS_FILE_CHARS) return
      event.preventDefault()
      void attachText(text)
    },
    onDragOver: (event) => {
      if (!event.dataTransfer.types.includes('Files')) return
      event.preventDefault()
      setDragging(true)
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event) => {
      const files = filesFrom(event.dataTransfer)
      setDragging(false)
      if (files.length === 0) return
      event.preventDefault()
      void attach(files)
    }
  }
}
