import { memo, useMemo, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusEntryType } from '../../../../shared/contract'
import { NEXUS_ENTRY_TYPES } from '../../../../shared/contract/constants'
import { useAppStore } from '../../store/useAppStore'
import { selectAuthorName } from '../agents/agentsSlice'
import { selectNexusAuthors, selectNexusFilter } from './nexusSlice'

/** The authors as the filter lists them: by display name (an agent's name, else the author as written), in name order. */
function useAuthorOptions(): readonly { readonly author: string; readonly name: string }[] {
  const authors = useAppStore(useShallow(selectNexusAuthors))
  const names = useAppStore(useShallow((state) => authors.map((author) => selectAuthorName(author)(state))))
  return useMemo(
    () =>
      authors
        .map((author, index) => ({ author, name: names[index] ?? author }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
    [authors, names]
  )
}

/** Filter the timeline by author, type and text; changes apply at once. */
// Memoised: it takes no props, and the lanes around it re-render on every scroll step.
export const TimelineFilters = memo(function TimelineFilters(): ReactNode {
  const filter = useAppStore(selectNexusFilter)
  const authors = useAuthorOptions()
  const setFilter = useAppStore((state) => state.setNexusFilter)
  return (
    <div className="nexus-filters" role="search">
      <label className="field">
        <span className="field__label">Agent</span>
        <select
          className="select"
          value={filter.agent}
          onChange={(event) => setFilter({ agent: event.target.value })}
          data-testid="nexus-filter-agent"
        >
          <option value="">All agents</option>
          {authors.map(({ author, name }) => (
            <option key={author} value={author}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Type</span>
        <select
          className="select"
          value={filter.type}
          onChange={(event) => setFilter({ type: event.target.value as NexusEntryType | '' })}
          data-testid="nexus-filter-type"
        >
          <option value="">All types</option>
          {NEXUS_ENTRY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <label className="field nexus-filters__search">
        <span className="field__label">Search</span>
        <input
          className="input"
          type="search"
          value={filter.search}
          placeholder="Words, an agent’s name or #number"
          title="Finds words in an entry’s summary, body or rationale, entries by an agent (by name or id), and #12 or 12 for entry 12"
          onChange={(event) => setFilter({ search: event.target.value })}
          data-testid="nexus-filter-search"
        />
      </label>
    </div>
  )
})
