import type { ReactNode } from 'react'
import type { SettingsView } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'

/** config.json problems, word for word, with the file's path: defaults are in use until it is fixed. */
export function ConfigErrorsBanner({ view }: Readonly<{ view: SettingsView }>): ReactNode {
  if (view.configErrors.length === 0) return null
  return (
    <Banner
      tone="danger"
      title="config.json has problems — Hearth is using defaults for these settings"
      data-testid="config-errors"
    >
      <div>
        File:{' '}
        <span className="path" data-testid="config-path">
          {view.configPath}
        </span>
      </div>
      <ul>
        {view.configErrors.map((error) => (
          <li key={error} className="mono" data-testid="config-error">
            {error}
          </li>
        ))}
      </ul>
      <div>
        Hearth leaves the file as it is. Fix it in an editor; settings cannot be saved from here until then.
      </div>
    </Banner>
  )
}
