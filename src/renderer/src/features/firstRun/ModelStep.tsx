import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { ApiKeyForm } from '../settings/ApiKeyForm'
import { ModelSettingsForm } from '../settings/ModelSettingsForm'
import { TestConnection } from '../model/TestConnection'
import { selectSettingsView } from '../settings/settingsSlice'

/**
 * Step 3: where requests go (provider, model, base URL), the API key (write-only), and a test call.
 * Skippable: files and agents work without a model.
 */
export function ModelStep(): ReactNode {
  const view = useAppStore(selectSettingsView)
  const setFirstRunStep = useAppStore((state) => state.setFirstRunStep)
  const navigate = useAppStore((state) => state.navigate)
  const focusComposer = useAppStore((state) => state.focusChatComposer)
  // The agent exists and USER.md is written: the next thing to do is talk to it, so the message box has the focus.
  function finish(): void {
    setFirstRunStep(null)
    navigate('chat')
    focusComposer('always')
  }
  return (
    <>
      <h2>Connect a model</h2>
      <p className="muted">
        Hearth talks to Claude
        {view !== null ? (
          <>
            {' '}
            (model <span className="mono">{view.settings.model}</span>)
          </>
        ) : null}{' '}
        or any Anthropic-compatible endpoint. Save where to connect first, then the key: a key is only ever
        sent to the address it was entered for. You can change all of this later in Settings.
      </p>
      <ModelSettingsForm withCacheTtl={false} />
      <ApiKeyForm />
      <TestConnection />
      <div className="form-actions">
        <Button variant="primary" data-testid="first-run-finish" onClick={finish}>
          {view?.apiKey.configured === true ? 'Open Hearth' : 'Skip for now'}
        </Button>
      </div>
    </>
  )
}
