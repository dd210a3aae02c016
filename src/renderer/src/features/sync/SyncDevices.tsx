import type { ReactNode } from 'react'
import type { NexusSyncDevice, NexusSyncStatus } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'

const STATUS_TEXT: Readonly<Record<NexusSyncDevice['status'], string>> = {
  this: 'This device',
  ok: 'Chain verified',
  quarantined: 'Quarantined'
}

/** Every device seen through the remote, with its state; a quarantined one can be checked again. */
export function SyncDevices({ status }: Readonly<{ status: NexusSyncStatus }>): ReactNode {
  const release = useAppStore((state) => state.releaseSyncDevice)
  return (
    <table className="sync-devices" aria-label="Devices">
      <thead>
        <tr>
          <th scope="col">Device</th>
          <th scope="col">State</th>
          <th scope="col">Entries</th>
          <th scope="col">
            <span className="sync-devices__hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {status.devices.map((device) => (
          <tr key={device.id} className={`sync-devices__row sync-devices__row--${device.status}`}>
            <td>
              <strong>{device.name ?? 'Unnamed device'}</strong>
              <span className="sync-devices__id">{device.id}</span>
            </td>
            <td>
              <span
                className={`status-pill ${device.status === 'quarantined' ? 'status-pill--warn' : 'status-pill--good'}`}
              >
                {STATUS_TEXT[device.status]}
              </span>
              {device.problem !== null && <span className="sync-devices__problem">{device.problem}</span>}
            </td>
            <td>{device.entries.toLocaleString()}</td>
            <td>
              {device.status === 'quarantined' && (
                <Button
                  size="small"
                  aria-label={`Check ${device.name ?? device.id} again at the next sync`}
                  onClick={() => void release(device.id)}
                >
                  Check again
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
