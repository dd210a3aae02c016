import type { ReactNode } from 'react'
import { AgentSwitcher } from '../features/agents/AgentSwitcher'
import { selectAppInfo } from '../store/connectionSlice'
import { useAppStore } from '../store/useAppStore'
import { ThemeToggle } from '../features/theme/ThemeToggle'
import { NavItem } from './NavItem'
import { SECTIONS } from './sections'
import { SECTION_IDS } from './sectionIds'

/** The left column: brand, agents, sections, and where the home folder is. */
export function Sidebar(): ReactNode {
  const appInfo = useAppStore(selectAppInfo)
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar__brand">
        <span className="sidebar__brand-mark" aria-hidden="true" />
        Hearth
      </div>
      <AgentSwitcher />
      <nav aria-label="Sections">
        <div className="sidebar__heading">Sections</div>
        <ul className="nav-list">
          {SECTION_IDS.map((id) => (
            <NavItem key={id} id={id} section={SECTIONS[id]} />
          ))}
        </ul>
      </nav>
      <div className="sidebar__footer">
        <ThemeToggle />
        {appInfo !== null && (
          <div data-testid="home-path">
            Home: <span className="mono">{appInfo.home}</span>
          </div>
        )}
      </div>
    </aside>
  )
}
