import type { ReactNode } from 'react'
import type { Fact, FactPin, PinDestination } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Menu } from '../../ui/Menu'
import type { MemoryRunner } from './EditableMemory'

const PLACES: readonly { readonly to: PinDestination; readonly label: string; readonly file: string }[] = [
  { to: 'memory', label: "MEMORY.md — the agent's notes", file: 'MEMORY.md' },
  { to: 'user', label: 'USER.md — your profile, shared by all agents', file: 'USER.md' },
  { to: 'file', label: 'A memory file of its own', file: 'A memory file' }
]

/** Pin…: where the fact goes (a place it is already pinned in is shown, not offered again). */
export function PinMenu({
  fact,
  pins,
  runner
}: Readonly<{ fact: Fact; pins: readonly FactPin[]; runner: MemoryRunner }>): ReactNode {
  const pin = useAppStore((s) => s.pinMemoryFact)
  return (
    <Menu
      label="Pin"
      trigger="Pin…"
      triggerClassName="button button--ghost button--small"
      items={PLACES.map((place) => {
        const pinned = pins.find((p) => p.to === place.to)
        return {
          label: pinned ? `${place.file} — already pinned there` : place.label,
          onSelect: () => void runner.run(() => pin(fact.id, place.to)),
          ...(pinned ? { disabledReason: `Already pinned in ${pinned.place}` } : {})
        }
      })}
    />
  )
}
