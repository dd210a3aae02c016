import { useState, type ClipboardEvent, type DragEvent } from 'react'
import { filesFrom } from '../attachments'

/** Paste and drop handlers that hand files to `attach`; plain text pastes are left to the textarea. */
export function useFileDrop(attach: (files: File[]) => Promise<void>): {
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
      if (files.length === 0) return
      event.preventDefault()
      void attach(files)
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
