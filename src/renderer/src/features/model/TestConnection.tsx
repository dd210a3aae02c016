import { useEffect, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectSettingsView } from '../settings/settingsSlice'
import { ConnectionReportView } from './ConnectionReportView'
import { selectConnectionTest } from './modelSlice'
import './model.css'

/**
 * Test connection: one real call (one output token) with the saved model, base URL and key —
 * exactly what a chat turn would use — and the full report of what happened.
 */
export function TestConnection(): ReactNode {
  const test = useAppStore(selectConnectionTest)
  const view = useAppStore(selectSettingsView)
  const run = useAppStore((state) => state.testModelConnection)
  const clear = useAppStore((state) => state.clearConnectionTest)
  const savedKey =
    view === null ? '' : JSON.stringify([view.settings.model, view.settings.baseUrl, view.apiKey.configured])
  // A report about settings that have since changed would mislead: drop it when they change.
  useEffect(() => clear, [savedKey, clear])
  return (
    <div className="connection-test" data-testid="connection-test">
      <div className="form-row connection-test__row">
        <Button variant="secondary" disabled={test.running} onClick={() => void run()}>
          {test.running ? 'Testing…' : 'Test connection'}
        </Button>
        <span className="field__hint">
          Sends one short message with the saved model, address and key (a fraction of a cent).
        </span>
      </div>
      {test.report !== null && <ConnectionReportView report={test.report} />}
      {test.error !== null && (
        <p className="field__error" role="alert">
          Could not run the test: {test.error}
        </p>
      )}
    </div>
  )
}
