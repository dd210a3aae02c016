import type { ReactNode } from 'react'
import type { Agent } from '../../../../shared/contract'
import { avatarInitial } from '../../lib/grapheme'

type AgentRowProps = Readonly<{
  agent: Agent
  selected: boolean
  onSelect: () => void
  onRename: () => void
  onDelete: () => void
  onExport: () => void
}>

/** A 14px line icon in the row's colour (one stroke path). */
function StrokeIcon({ d }: Readonly<{ d: string }>): ReactNode {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  )
}

const PENCIL = 'M11.3 2.3a1 1 0 0 1 1.4 0l1 1a1 1 0 0 1 0 1.4L6 12.4 3 13l.6-3z'
const EXPORT = 'M8 2.5v7M5 6.5l3 3 3-3M3 11.5v2h10v-2'
const TRASH = 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5'

/**
 * One agent in the sidebar. The selected one carries its own Rename, Export and Delete buttons, right
 * beside its name, so it is never in doubt which agent they act on.
 */
export function AgentRow({
  agent,
  selected,
  onSelect,
  onRename,
  onDelete,
  onExport
}: AgentRowProps): ReactNode {
  return (
    <li className={`agent-row${selected ? ' agent-row--selected' : ''}`}>
      <button
        type="button"
        className="agent-item"
        aria-current={selected ? 'true' : undefined}
        data-testid={`agent-${agent.id}`}
        onClick={onSelect}
      >
        <span className="agent-item__initial" aria-hidden="true">
          {avatarInitial(agent.name)}
        </span>
        <span className="agent-item__name">{agent.name}</span>
      </button>
      {selected && (
        <span className="agent-row__actions">
          <button
            type="button"
            className="agent-row__action"
            data-testid="agent-rename"
            aria-label={`Rename ${agent.name}`}
            title={`Rename ${agent.name}`}
            onClick={onRename}
          >
            <StrokeIcon d={PENCIL} />
          </button>
          <button
            type="button"
            className="agent-row__action"
            data-testid="agent-export"
            aria-label={`Export ${agent.name}`}
            title={`Export ${agent.name} as a file`}
            onClick={onExport}
          >
            <StrokeIcon d={EXPORT} />
          </button>
          <button
            type="button"
            className="agent-row__action agent-row__action--danger"
            data-testid="agent-delete"
            aria-label={`Delete ${agent.name}`}
            title={`Delete ${agent.name}`}
            onClick={onDelete}
          >
            <StrokeIcon d={TRASH} />
          </button>
        </span>
      )}
    </li>
  )
}
