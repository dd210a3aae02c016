import { useEffect, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { ConfigErrorsBanner } from './ConfigErrorsBanner'
import { SETTINGS_PANELS } from './settingsPanels'
import { selectSettingsLoadError, selectSettingsView } from './settingsSlice'

/** Settings: config.json problems first (they change what Hearth does), then each panel. */
export function SettingsSection(): ReactNode {
  const view = useAppStore(selectSettingsView)
  const loadError = useAppStore(selectSettingsLoadError)
  const loadSettings = useAppStore((state) => state.loadSettings)
  // config.json may have been edited outside Hearth since the last look; re-read on every visit.
  useEffect(() => {
    void loadSettings()
  }, [loadSettings])
  return (
    <div className="section" data-testid="settings-section">
      <header className="section__header">
        <h1 className="section__title">Settings</h1>
        <span className="section__subtitle">
          Stored in config.json in your Hearth home — never the API key.
        </span>
      </header>
      {loadError !== null && (
        <Banner tone="danger" title="Could not read the settings">
          {loadError}
        </Banner>
      )}
      {view !== null && <ConfigErrorsBanner view={view} />}
      {SETTINGS_PANELS.map((panel) => (
        <Panel key={panel.id} title={panel.title} data-testid={`settings-panel-${panel.id}`}>
          <panel.component />
        </Panel>
      ))}
    </div>
  )
}
