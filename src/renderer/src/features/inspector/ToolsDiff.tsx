import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { DiffSection } from './DiffSection'

const VERB = { added: 'added', removed: 'removed', changed: 'changed', same: 'unchanged' } as const

/** Tools by name: added (green), removed (red), changed (which part); unchanged ones only counted. */
export function ToolsDiff({
  tools,
  unchanged
}: Readonly<{ tools: RequestDiff['tools']; unchanged: number }>): ReactNode {
  const summary =
    tools.length === 0
      ? `all ${unchanged} identical`
      : `${tools.map((tool) => `${tool.name} ${VERB[tool.status]}`).join(', ')} · ${unchanged} unchanged`
  return (
    <DiffSection title="Tools" summary={summary} changed={tools.length > 0} testId="inspector-diff-tools">
      <ul className="diff-list">
        {tools.map((tool) => (
          <li
            key={tool.name}
            className={`diff-part diff-part--${tool.status}`}
            data-testid="inspector-diff-tool"
          >
            <code>{tool.name}</code> <span className="diff-badge">{VERB[tool.status]}</span>
            {tool.changed.length > 0 && <span className="muted"> ({tool.changed.join(', ')})</span>}
          </li>
        ))}
      </ul>
    </DiffSection>
  )
}
