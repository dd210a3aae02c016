import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { ApiKeyStatusPill } from './ApiKeyStatusPill'
import { selectSettingsView } from './settingsSlice'

/**
 * Write-only key entry. The field is cleared after saving and the key is never read back:
 * the core only ever answers whether a key is configured and whether the OS keychain protects it.
 */
export function ApiKeyForm(): ReactNode {
  const status = useAppStore((state) => selectSettingsView(state)?.apiKey)
  const saveApiKey = useAppStore((state) => state.saveApiKey)
  const [key, setKey] = useState('')
  const [message, setMessage] = useState<{ readonly ok: boolean; readonly text: string } | null>(null)
  const id = useId()
  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const result = await saveApiKey(key)
    setKey('')
    setMessage(result.ok ? { ok: true, text: 'Key saved.' } : { ok: false, text: result.message })
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
          placeholder={status?.configured === true ? 'Paste a new key to replace the current one' : 'sk-ant-…'}
          value={key}
          data-testid="api-key-input"
          onChange={(event) => setKey(event.target.value)}
        />
        <Button variant="primary" type="submit" disabled={key.trim() === ''} data-testid="api-key-save">
          Save key
        </Button>
      </div>
      {status !== undefined && <ApiKeyStatusPill status={status} />}
      {message !== null && (
        <div className={message.ok ? 'field__hint' : 'field__error'} role={message.ok ? 'status' : 'alert'} data-testid="api-key-message">
          {message.text}
        </div>
      )}
    </form>
  )
}
