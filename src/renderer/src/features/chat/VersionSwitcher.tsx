import type { ReactNode } from 'react'
import type { VersionGroupView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'

/** ◀ n/m ▶ between the versions at one position (regenerated replies or edited messages). */
export function VersionSwitcher({
  group,
  disabled
}: Readonly<{ group: VersionGroupView; disabled: boolean }>): ReactNode {
  const select = useAppStore((state) => state.selectChatVersion)
  const index = group.versionTurnIds.indexOf(group.turnId)
  const previous = group.versionTurnIds[index - 1]
  const next = group.versionTurnIds[index + 1]
  return (
    <span className="version-switcher" data-testid="version-switcher">
      <button
        type="button"
        className="message-action"
        aria-label="Previous version"
        disabled={disabled || previous === undefined}
        onClick={() => previous && void select(previous)}
      >
        ◀
      </button>
      <span data-testid="version-position">
        {index + 1}/{group.versionTurnIds.length}
      </span>
      <button
        type="button"
        className="message-action"
        aria-label="Next version"
        disabled={disabled || next === undefined}
        onClick={() => next && void select(next)}
      >
        ▶
      </button>
    </span>
  )
}
