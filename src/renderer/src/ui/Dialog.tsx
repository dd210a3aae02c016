import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

type DialogProps = Readonly<{
  title: string
  onClose: () => void
  children: ReactNode
  actions?: ReactNode
  'data-testid'?: string
}>

/**
 * Focus goes back where it was when the dialog closes, unless it moved somewhere else meanwhile
 * or that element has gone (a view the dialog's action left).
 */
function giveFocusBack(element: Element | null): void {
  const active = document.activeElement
  const lost = active === null || active === document.body
  if (lost && element instanceof HTMLElement && element.isConnected) element.focus()
}

/**
 * A modal built on the native <dialog>: the browser traps focus, handles Escape and marks the
 * rest of the page inert; closing gives the focus back. Render it only while it should be open.
 */
export function Dialog({ title, onClose, children, actions, 'data-testid': testId }: DialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // What had the focus before the dialog opened, read on the first render (before the dialog takes it).
  const [returnTo] = useState(() => document.activeElement)
  useEffect(() => {
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
    return () => {
      dialog?.close()
      giveFocusBack(returnTo)
    }
  }, [returnTo])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      {actions !== undefined && <div className="dialog__actions">{actions}</div>}
    </dialog>
  )
}
