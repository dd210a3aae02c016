import type { ReactNode } from 'react'
import { CacheTtlPolicy, type EditableSettings, type ModelEndpoint } from '../../../../shared/contract'
import { ANTHROPIC_ORIGIN } from '../../../../shared/contract/constants'
import { presetFor } from '../../../../shared/contract/providerPresets'
import { Button } from '../../ui/Button'
import { ModelPicker } from '../model/ModelPicker'
import { ProviderPresetSelect } from '../model/ProviderPresetSelect'
import { SettingsField } from './SettingsField'
import { useModelSettingsForm, type FormMessage } from './useModelSettingsForm'

/** The model settings form itself; `locked` while config.json is malformed (the core refuses to write it). */
type Props = Readonly<{
  initial: EditableSettings
  /** Where requests go now: an empty Base URL field shows it, e.g. an ANTHROPIC_BASE_URL from the environment. */
  endpoint: ModelEndpoint
  locked: boolean
  message: FormMessage
  onMessage: (message: FormMessage) => void
  withCacheTtl: boolean
}>

export function ModelSettingsFields({
  initial,
  endpoint,
  locked,
  message,
  onMessage,
  withCacheTtl
}: Props): ReactNode {
  const form = useModelSettingsForm(initial, onMessage)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void form.save()
      }}
      aria-label="Model settings"
    >
      <div className="form-grid">
        <SettingsField
          label="Provider"
          hint={presetFor(form.draft.provider, form.draft.baseUrl).hint}
          error={form.fieldErrors.provider}
        >
          {(id) => (
            <ProviderPresetSelect
              id={id}
              provider={form.draft.provider}
              baseUrl={form.draft.baseUrl}
              onPick={form.pickPreset}
            />
          )}
        </SettingsField>
        <SettingsField label="Model" error={form.fieldErrors.model}>
          {(id) => (
            <ModelPicker
              id={id}
              value={form.draft.model}
              invalid={form.fieldErrors.model !== undefined}
              onChange={(model) => form.change({ model })}
            />
          )}
        </SettingsField>
        <SettingsField
          label="Base URL"
          hint={`${baseUrlDefault(endpoint)} Or a compatible endpoint: https://…, or http:// on this computer (Ollama, LiteLLM). A saved key goes only to the address it was entered for.`}
          error={form.fieldErrors.baseUrl}
        >
          {(id) => (
            <input
              id={id}
              className="input"
              value={form.draft.baseUrl}
              placeholder={endpoint.source === 'ANTHROPIC_BASE_URL' ? endpoint.url : ANTHROPIC_ORIGIN}
              data-testid="settings-base-url"
              onChange={(event) => form.change({ baseUrl: event.target.value })}
            />
          )}
        </SettingsField>
        {withCacheTtl && (
          <SettingsField
            label="Prompt cache lifetime"
            hint="Automatic keeps the agent's instructions for an hour when your pauses make that cheaper; 1 hour costs more to write but survives longer pauses."
          >
            {(id) => (
              <select
                id={id}
                className="select"
                value={form.draft.cacheTtl}
                data-testid="settings-cache-ttl"
                onChange={(event) =>
                  form.change({ cacheTtl: CacheTtlPolicy.catch('auto').parse(event.target.value) })
                }
              >
                <option value="auto">Automatic (follows your pauses)</option>
                <option value="5m">5 minutes</option>
                <option value="1h">1 hour</option>
              </select>
            )}
          </SettingsField>
        )}
      </div>
      <div className="form-actions settings-actions">
        {message === null && form.dirty && (
          <span className="field__hint" data-testid="settings-unsaved">
            Unsaved changes
          </span>
        )}
        {message !== null && (
          <span
            className={message.ok ? 'field__hint' : 'field__error'}
            role={message.ok ? 'status' : 'alert'}
            data-testid="settings-message"
          >
            {message.text}
          </span>
        )}
        <Button
          variant="primary"
          type="submit"
          disabled={form.busy || locked}
          data-testid="settings-save"
          title={locked ? 'Fix config.json first' : undefined}
        >
          Save settings
        </Button>
      </div>
    </form>
  )
}

/** What an empty Base URL field means: Anthropic, or the address the environment set. */
function baseUrlDefault(endpoint: ModelEndpoint): string {
  return endpoint.source === 'ANTHROPIC_BASE_URL'
    ? `Empty: requests go to ${endpoint.url}, set by ANTHROPIC_BASE_URL.`
    : 'Empty for Anthropic.'
}
