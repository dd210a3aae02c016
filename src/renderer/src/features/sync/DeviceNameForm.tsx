import { useState, type FormEvent, type ReactNode } from 'react'
import type { NexusSyncStatus } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { SettingsField } from '../settings/SettingsField'

/** What the other devices call this one (beside its entries in their Nexus views). */
export function DeviceNameForm({
  status,
  busy
}: Readonly<{ status: NexusSyncStatus; busy: boolean }>): ReactNode {
  const [name, setName] = useState(status.device.name)
  const configure = useAppStore((state) => state.configureSync)
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    void configure({ deviceName: name.trim() })
  }
  return (
    <form className="sync-form sync-form--inline" onSubmit={submit} aria-label="This device">
      <SettingsField label="This device is called" hint="Shown beside its entries on your other devices.">
        {(id) => (
          <input
            id={id}
            className="input"
            value={name}
            maxLength={64}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </SettingsField>
      <Button type="submit" disabled={busy || name.trim() === '' || name.trim() === status.device.name}>
        Save name
      </Button>
    </form>
  )
}
