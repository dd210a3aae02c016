import { Fragment, type ReactNode } from 'react'
import { formatClock, formatTime } from './agentColor'
import { LaneCard } from './LaneCard'
import type { LanesModel } from './lanes'

/** The rows: a time gutter on the left (date and minute shown when they change), each entry in its author's column, one stripe per column behind. */
export function LaneRows({
  model,
  loaded
}: Readonly<{ model: LanesModel; loaded: ReadonlySet<number> }>): ReactNode {
  const span = `2 / span ${Math.max(1, model.rows.length)}`
  return (
    <>
      {model.lanes.map((lane, index) => (
        <div
          key={lane.author}
          className={`lanes__stripe lanes__stripe--${index % 2}`}
          style={{ gridRow: span, gridColumn: index + 2 }}
          aria-hidden
        />
      ))}
      {model.rows.map((row, index) => {
        const when = formatTime(row.ts)
        const previous = model.rows[index - 1]
        const before = previous === undefined ? '' : formatTime(previous.ts)
        return (
          <Fragment key={row.firstSeq}>
            <time
              className="lanes__time"
              style={{ gridRow: index + 2, gridColumn: 1 }}
              dateTime={new Date(row.ts).toISOString()}
              title={when}
            >
              {before.slice(0, 10) !== when.slice(0, 10) && (
                <span className="lanes__day">{when.slice(0, 10)}</span>
              )}
              {before !== when && formatClock(row.ts)}
            </time>
            {row.cells.map((cell) => (
              <div
                key={cell.entry.seq}
                className={`lanes__cell${model.conflictsWith.has(cell.entry.seq) ? ' lanes__cell--conflict' : ''}`}
                style={{ gridRow: index + 2, gridColumn: cell.lane + 2 }}
                data-testid="nexus-lane-cell"
                data-author={cell.entry.agent}
              >
                <LaneCard entry={cell.entry} model={model} loaded={loaded} />
              </div>
            ))}
          </Fragment>
        )
      })}
    </>
  )
}
