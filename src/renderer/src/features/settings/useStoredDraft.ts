import { useState } from 'react'
import { useAppStore } from '../../store/useAppStore'

export interface StoredDraft<D> {
  readonly draft: D
  /** True while the draft differs from the saved values it started from. */
  readonly dirty: boolean
  readonly update: (patch: Partial<D>) => void
  /** After a save: the saved values are the new start, nothing is kept. */
  readonly forget: () => void
}

/**
 * A settings panel's draft that survives the panel: typed values are kept in the store under the
 * panel's name until they are saved or typed back to the saved values. A draft typed over older
 * saved values (another window or a save since) is dropped, so the form never shows stale values.
 */
export function useStoredDraft<D extends object>(panel: string, saved: D): StoredDraft<D> {
  const basis = JSON.stringify(saved)
  const kept = useAppStore((state) => state.settingsDrafts[panel])
  const keep = useAppStore((state) => state.keepSettingsDraft)
  // Read once when the panel mounts; later edits go to both places, the state driving the form.
  const [draft, setDraft] = useState<D>(() => (kept?.basis === basis ? (kept.value as D) : saved))
  return {
    draft,
    dirty: JSON.stringify(draft) !== basis,
    update(patch) {
      const next = { ...draft, ...patch }
      setDraft(next)
      keep(panel, JSON.stringify(next) === basis ? null : { basis, value: next })
    },
    forget: () => keep(panel, null)
  }
}
