import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { DiffSection } from './DiffSection'

const WORD = { same: 'same hash', changed: 'different text', added: 'new', removed: 'gone' } as const

function size(chars: number | null): string {
  return chars === null ? '—' : `${chars} chars`
}

/**
 * Per-turn context blocks compared by provider, fence, size and hash (each call's text is shown
 * in full below). They sit after the cached prefix, so a change here costs no cache.
 */
export function ContextDiff({ context }: Readonly<{ context: RequestDiff['context'] }>): ReactNode {
  if (context.length === 0) return null
  const changed = context.some((block) => block.status !== 'same')
  const summary = changed
    ? `${context.filter((block) => block.status !== 'same').length} of ${context.length} differ (after the cached prefix)`
    : 'identical'
  return (
    <DiffSection title="Per-turn context" summary={summary} changed={changed} testId="inspector-diff-context">
      <ul className="diff-list">
        {context.map((block) => (
          <li
            key={`${block.providerId}-${block.fenceTag}`}
            className={`diff-part diff-part--${block.status}`}
          >
            <code>&lt;{block.fenceTag}&gt;</code> from {block.providerId} {size(block.beforeChars)} →{' '}
            {size(block.afterChars)} <span className="diff-badge">{WORD[block.status]}</span>
          </li>
        ))}
      </ul>
    </DiffSection>
  )
}
