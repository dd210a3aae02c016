import type { Virtualizer } from '@tanstack/react-virtual'
import { memo, type ReactNode } from 'react'
import { formatClock, formatTime } from './agentColor'
import { LaneCard } from './LaneCard'
import type { LaneRow, LanesModel } from './lanes'

type RowProps = Readonly<{
  row: LaneRow
  previous: LaneRow | undefined
  model: LanesModel
  loaded: ReadonlySet<number>
}>

/**
 * One band: the time gutter (date and minute shown when they change) and each entry in its
 * author's column. Memoised: the view re-renders on every scroll step, and a band already drawn
 * has nothing new to draw then (its row, the model and the loaded set keep their identity).
 */
const LaneBand = memo(function LaneBand({ row, previous, model, loaded }: RowProps): ReactNode {
  const when = formatTime(row.ts)
  const before = previous === undefined ? '' : formatTime(previous.ts)
  return (
    <>
      <time
        className="lanes__time"
        style={{ gridColumn: 1 }}
        dateTime={new Date(row.ts).toISOString()}
        title={when}
      >
        {before.slice(0, 10) !== when.slice(0, 10) && <span className="lanes__day">{when.slice(0, 10)}</span>}
        {before !== when && formatClock(row.ts)}
      </time>
      {row.cells.map((cell) => (
        <div
          key={cell.entry.seq}
          className={`lanes__cell${model.conflictsWith.has(cell.entry.seq) ? ' lanes__cell--conflict' : ''}`}
          style={{ gridColumn: cell.lane + 2 }}
          data-testid="nexus-lane-cell"
          data-author={cell.entry.agent}
        >
          <LaneCard entry={cell.entry} model={model} loaded={loaded} />
        </div>
      ))}
    </>
  )
})

/**
 * The rows below the headers: one stripe per column behind, and only the bands near the view
 * in the page (each measured as it draws), placed at their offsets in the full height.
 */
export function LaneRows({
  model,
  loaded,
  virtualizer
}: Readonly<{
  model: LanesModel
  loaded: ReadonlySet<number>
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>
}>): ReactNode {
  return (
    <div className="lanes__body" style={{ height: virtualizer.getTotalSize() }}>
      <div className="lanes__stripes" aria-hidden>
        {model.lanes.map((lane, index) => (
          <div
            key={lane.author}
            className={`lanes__stripe lanes__stripe--${index % 2}`}
            style={{ gridColumn: index + 2 }}
          />
        ))}
      </div>
      {virtualizer.getVirtualItems().map((item) => {
        const row = model.rows[item.index]
        if (!row) return null
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="lanes__row"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <LaneBand row={row} previous={model.rows[item.index - 1]} model={model} loaded={loaded} />
          </div>
        )
      })}
    </div>
  )
}
