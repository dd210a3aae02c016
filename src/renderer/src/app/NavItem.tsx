import type { ReactNode } from 'react'
import { selectSection } from '../store/navigationSlice'
import type { AppState } from '../store/types'
import { useAppStore } from '../store/useAppStore'
import type { SectionDefinition } from './sections'
import type { SectionId } from './sectionIds'

const noBadge = (_state: AppState): number => 0

/** One sidebar entry: the label, a count badge when the section has one, and "soon" for placeholders. */
export function NavItem({ id, section }: Readonly<{ id: SectionId; section: SectionDefinition }>): ReactNode {
  const current = useAppStore(selectSection)
  const navigate = useAppStore((state) => state.navigate)
  const badge = useAppStore(section.badge ?? noBadge)
  return (
    <li>
      <button
        type="button"
        className="nav-item"
        aria-current={current === id ? 'page' : undefined}
        data-testid={`nav-${id}`}
        onClick={() => navigate(id)}
      >
        <span>{section.label}</span>
        {badge > 0 && (
          <span className="badge" aria-label={`${badge} ${section.badgeNoun ?? 'pending'}`}>
            {badge}
          </span>
        )}
        {section.pending === true && badge === 0 && <span className="nav-item__pending">soon</span>}
      </button>
    </li>
  )
}
