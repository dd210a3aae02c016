import { useEffect, useId, useRef, type ReactNode } from 'react'

type DialogProps = Readonly<{
  title: string
  onClose: () => void
  children: ReactNode
  actions?: ReactNode
  'data-testid'?: string
}>

/**
 * A modal built on the native <dialog>: the browser traps focus, handles Escape and marks the
 * rest of the page inert. Render it only while it should be open.
 */
export function Dialog({ title, onClose, children, actions, 'data-testid': testId }: DialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
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
