import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { DiffRuns } from './DiffRuns'
import { DiffSection } from './DiffSection'

type Message = RequestDiff['messages'][number]

const PART_STATUS = { kept: 'same', changed: 'changed', new: 'added', gone: 'removed' } as const

function count(messages: readonly Message[], status: Message['status']): number {
  return messages.filter((message) => message.status === status).length
}

/** One message position: kept ones are a single muted line; the others show their blocks' text diff. */
function MessageRow({ message }: Readonly<{ message: Message }>): ReactNode {
  return (
    <li className={`diff-part diff-part--${PART_STATUS[message.status]}`} data-testid="inspector-diff-message" data-status={message.status}>
      <div>
        <strong>
          #{message.index + 1} {message.role}
        </strong>{' '}
        <span className="diff-badge">{message.status}</span> <span className="muted">stored ids {message.sourceIds.join(', ') || '—'}</span>
      </div>
      {message.blocks
        .filter((block) => block.status !== 'same')
        .map((block) => (
          <div key={block.index} className="diff-block">
            <span className="inspector-content__type">
              block {block.index + 1} · {block.type} · {block.status}
            </span>{' '}
            <DiffRuns runs={block.words} mode="words" />
          </div>
        ))}
    </li>
  )
}

/** Messages by position: how many were kept, changed, new or gone, with the changed text. */
export function MessagesDiff({ messages }: Readonly<{ messages: RequestDiff['messages'] }>): ReactNode {
  const changed = messages.some((message) => message.status !== 'kept')
  const summary = `${count(messages, 'kept')} kept · ${count(messages, 'changed')} changed · ${count(messages, 'new')} new · ${count(messages, 'gone')} gone`
  return (
    <DiffSection title="Messages" summary={summary} changed={changed} testId="inspector-diff-messages">
      <ol className="diff-list">
        {messages.map((message) => (
          <MessageRow key={message.index} message={message} />
        ))}
      </ol>
    </DiffSection>
  )
}
