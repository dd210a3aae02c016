import { useEffect, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectSync } from './syncSlice'

/**
 * "on Laptop" beside an entry another device wrote (the Nexus views), named as that device named
 * itself; nothing for this device's own entries, or before any sync.
 */
export function DeviceTag({ origin }: Readonly<{ origin: string }>): ReactNode {
  const status = useAppStore(selectSync).status
  const loadOnce = useAppStore((state) => state.loadSyncStatusOnce)
  useEffect(() => loadOnce(), [loadOnce])
  if (status === null || origin === status.device.id) return null
  const device = status.devices.find((known) => known.id === origin)
  const name = device?.name ?? `device ${origin.slice(0, 8)}`
  return (
    <span className="nexus-entry__device muted" title={`Written on ${name} (${origin})`}>
      on {name}
    </span>
  )
}
