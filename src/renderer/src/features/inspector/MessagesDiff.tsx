import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { DiffRuns } from './DiffRuns'
import { DiffSection } from './DiffSection'
import { LoadEarlier } from './LoadEarlier'

type Message = RequestDiff['messages'][number]
type KeptRun = { readonly first: number; readonly last: number }

const PART_STATUS = { kept: 'same', changed: 'changed', new: 'added', gone: 'removed' } as const

/** Earlier changes read per press of the button. */
const CHANGES_MORE = 20

/**
 * The listed changes with each stretch of kept positions between them (and after the last) as
 * one row: from `messagesFrom` on, every position not listed was kept.
 */
function withKeptRuns(diff: RequestDiff): (Message | KeptRun)[] {
  const out: (Message | KeptRun)[] = []
  let next = diff.messagesFrom
  const keptUntil = (end: number): void => {
    if (end > next) out.push({ first: next, last: end - 1 })
  }
  for (const message of diff.messages) {
    keptUntil(message.index)
    out.push(message)
    next = message.index + 1
  }
  keptUntil(diff.messagePositions)
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

function changesText(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'change' : 'changes'}`
}

/** How many changes come before the listed ones, and a button that reads them. */
function EarlierChanges({ callId, diff }: Readonly<{ callId: number; diff: RequestDiff }>): ReactNode {
  const loadEarlier = useAppStore((state) => state.loadEarlierDiffChanges)
  const counts = diff.messageCounts
  const changes = counts.changed + counts.new + counts.gone
  const hidden = changes - diff.messages.length
  if (diff.messagesFrom === 0 || hidden <= 0) return null
  return (
    <LoadEarlier
      testId="inspector-diff-earlier"
      text={`The newest ${changesText(diff.messages.length)} of ${changes.toLocaleString('en')}; ${hidden.toLocaleString('en')} earlier ${hidden === 1 ? 'change' : 'changes'}, in messages #1–#${diff.messagesFrom}, ${hidden === 1 ? 'is' : 'are'} not shown.`}
      actions={[
        {
          label: `Show ${Math.min(CHANGES_MORE, hidden)} earlier ${hidden === 1 ? 'change' : 'changes'}`,
          run: () => loadEarlier(callId, CHANGES_MORE)
        }
      ]}
    />
  )
}

/** Messages by position: how many were kept, changed, new or gone, with the changed text. */
export function MessagesDiff({ callId, diff }: Readonly<{ callId: number; diff: RequestDiff }>): ReactNode {
  const counts = diff.messageCounts
  const changed = counts.changed + counts.new + counts.gone > 0
  const summary = `${counts.kept} kept · ${counts.changed} changed · ${counts.new} new · ${counts.gone} gone`
  return (
    <DiffSection title="Messages" summary={summary} changed={changed} testId="inspector-diff-messages">
      <EarlierChanges callId={callId} diff={diff} />
      <ol className="diff-list">
        {withKeptRuns(diff).map((item) =>
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
