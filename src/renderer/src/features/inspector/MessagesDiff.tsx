import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { DiffRuns } from './DiffRuns'
import { DiffSection } from './DiffSection'

type Message = RequestDiff['messages'][number]

const PART_STATUS = { kept: 'same', changed: 'changed', new: 'added', gone: 'removed' } as const

function count(messages: readonly Message[], status: Message['status']): number {
  return messages.filter((message) => message.status === status).length
}

/** Folds each stretch of kept messages into one row, so a long session shows only what moved. */
function groupKept(messages: readonly Message[]): (Message | { first: number; last: number })[] {
  const out: (Message | { first: number; last: number })[] = []
  for (const message of messages) {
    const last = out.at(-1)
    if (message.status !== 'kept') out.push(message)
    else if (last && 'first' in last && last.last === message.index - 1) last.last = message.index
    else out.push({ first: message.index, last: message.index })
  }
  return out
}

/** A changed, new or gone message with its blocks' word diff. */
function MessageRow({ message }: Readonly<{ message: Message }>): ReactNode {
  return (
    <li
      className={`diff-part diff-part--${PART_STATUS[message.status]}`}
      data-testid="inspector-diff-message"
      data-status={message.status}
    >
      <div>
        <strong>
          #{message.index + 1} {message.role}
        </strong>{' '}
        <span className="diff-badge">{message.status}</span>{' '}
        <span className="muted">stored ids {message.sourceIds.join(', ') || '—'}</span>
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
        {groupKept(messages).map((item) =>
          'first' in item ? (
            <li
              key={`kept-${item.first}`}
              className="diff-part diff-part--same"
              data-testid="inspector-diff-kept"
            >
              #{item.first + 1}
              {item.last > item.first ? `–#${item.last + 1}` : ''} kept as sent before
            </li>
          ) : (
            <MessageRow key={item.index} message={item} />
          )
        )}
      </ol>
    </DiffSection>
  )
}
