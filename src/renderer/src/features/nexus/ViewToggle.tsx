import { memo, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectNexusView, type NexusView } from './nexusSlice'

const VIEWS: readonly { readonly id: NexusView; readonly label: string; readonly hint: string }[] = [
  { id: 'timeline', label: 'Timeline', hint: 'Every entry in one list, oldest first' },
  { id: 'lanes', label: 'Lanes', hint: 'One column per author, side by side in log order' }
]

/** Switches the log between the single timeline and the side-by-side lanes; both share the filters. */
// Memoised: it takes no props, and the lanes around it re-render on every scroll step.
export const ViewToggle = memo(function ViewToggle(): ReactNode {
  const view = useAppStore(selectNexusView)
  const setView = useAppStore((state) => state.setNexusView)
  return (
    <span className="nexus-view-toggle" role="group" aria-label="Show the log as">
      {VIEWS.map((item) => (
        <button
          key={item.id}
          type="button"
          className="nexus-view-toggle__option"
          aria-pressed={view === item.id}
          title={item.hint}
          onClick={() => setView(item.id)}
          data-testid={`nexus-view-${item.id}`}
        >
          {item.label}
        </button>
      ))}
    </span>
  )
})
