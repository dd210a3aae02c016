import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { ApiKeyStatus } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { ApiKeyNotices } from './ApiKeyNotices'
import { ApiKeyStatusPill } from './ApiKeyStatusPill'
import { selectSettingsView } from './settingsSlice'

function placeholderFor(status: ApiKeyStatus | undefined): string {
  if (status?.configured === true) return 'Paste a new key to replace the current one'
  if (status !== undefined && status.savedFor !== null) return `Enter the key for ${status.origin}`
  return 'sk-ant-…'
}

/**
 * Write-only key entry. The field is cleared after saving and the key is never read back: the
 * core only answers whether a key is configured, where it is kept and the one address it goes to.
 */
export function ApiKeyForm(): ReactNode {
  const status = useAppStore((state) => selectSettingsView(state)?.apiKey)
  const saveApiKey = useAppStore((state) => state.saveApiKey)
  const [key, setKey] = useState('')
  // Tagged with the address it was about: once the base URL moves, "Key saved." no longer applies.
  const [message, setMessage] = useState<{
    readonly ok: boolean
    readonly text: string
    readonly origin: string | undefined
  } | null>(null)
  const id = useId()
  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const result = await saveApiKey(key)
    setKey('')
    const origin = status?.origin
    setMessage(
      result.ok ? { ok: true, text: 'Key saved.', origin } : { ok: false, text: result.message, origin }
    )
  }
  return (
    <form className="field" onSubmit={(event) => void submit(event)} aria-label="API key">
      <label className="field__label" htmlFor={id}>
        Anthropic API key
      </label>
      <div className="form-row">
        <input
          id={id}
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholderFor(status)}
          value={key}
          data-testid="api-key-input"
          onChange={(event) => setKey(event.target.value)}
        />
        <Button variant="primary" type="submit" disabled={key.trim() === ''} data-testid="api-key-save">
          Save key
        </Button>
      </div>
      {status !== undefined && <ApiKeyStatusPill status={status} />}
      {status !== undefined && <ApiKeyNotices status={status} />}
      {message !== null && message.origin === status?.origin && (
        <div
          className={message.ok ? 'field__hint' : 'field__error'}
          role={message.ok ? 'status' : 'alert'}
          data-testid="api-key-message"
        >
          {message.text}
        </div>
      )}
    </form>
  )
}
