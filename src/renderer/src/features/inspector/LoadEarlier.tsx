import { useState, type ReactNode } from 'react'
import { errorMessage } from '../../api/rpcError'

export interface EarlierAction {
  /** The button's text, which is its accessible name. */
  readonly label: string
  readonly run: () => Promise<void>
}

/**
 * Says how much of a long list is not drawn yet and offers to read it: a sentence, one button
 * per way of reading more, and while a read runs, that it does (a failed read says why).
 */
export function LoadEarlier({
  text,
  actions,
  testId
}: Readonly<{ text: string; actions: readonly EarlierAction[]; testId: string }>): ReactNode {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async (action: EarlierAction): Promise<void> => {
    setBusy(true)
    setError(null)
    try {
      await action.run()
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="inspector-earlier" data-testid={testId}>
      <p className="muted">
        {text}{' '}
        {actions.map((action, i) => (
          <span key={action.label}>
            {i > 0 && ' · '}
            <button type="button" className="link-button" disabled={busy} onClick={() => void run(action)}>
              {action.label}
            </button>
          </span>
        ))}
        {busy && <span aria-live="polite"> Reading…</span>}
      </p>
      {error !== null && (
        <p className="field__error" role="alert">
          Could not read them: {error}
        </p>
      )}
    </div>
  )
}
