import { useId, useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { selectInspectedTarget } from './inspectorSlice'

/** Up to this many turns, every one gets a tab; beyond, the first, the last and those near the chosen one. */
const ALL_TABS_UP_TO = 15
/** Tabs on each side of the chosen turn in a long chat. */
const NEAR = 4

/** Which turn indexes get a tab: all of a short chat; of a long one the ends and a window around `chosen`. */
export function turnTabs(count: number, chosen: number): number[] {
  if (count <= ALL_TABS_UP_TO) return Array.from({ length: count }, (_, i) => i)
  const near = Array.from({ length: NEAR * 2 + 1 }, (_, i) => chosen - NEAR + i)
  return [...new Set([0, ...near, count - 1])].filter((i) => i >= 0 && i < count).sort((a, b) => a - b)
}

/** Turns of the session open in Chat, to pick one to inspect; a long chat also gets "Go to turn". */
export function TurnPicker(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const target = useAppStore(selectInspectedTarget)
  const inspect = useAppStore((state) => state.inspectTurn)
  if (!detail || detail.turns.length === 0) return null
  const turns = detail.turns
  const chosenIndex = turns.findIndex((turn) => turn.turnId === target?.turnId)
  const tabs = turnTabs(turns.length, chosenIndex < 0 ? turns.length - 1 : chosenIndex)
  const open = (index: number): void => {
    const turn = turns[index]
    if (turn) void inspect({ sessionId: detail.id, turnId: turn.turnId })
  }
  return (
    <div className="inspector-turns">
      <div className="inspector-turns__tabs" role="tablist" aria-label="Turns">
        {tabs.map((index, i) => (
          <span key={turns[index]?.turnId ?? index} className="inspector-turns__tab">
            {i > 0 && index - (tabs[i - 1] ?? index) > 1 && (
              <span className="muted" aria-hidden="true">
                …
              </span>
            )}
            <Button
              size="small"
              role="tab"
              aria-selected={index === chosenIndex}
              variant={index === chosenIndex ? 'primary' : 'ghost'}
              onClick={() => open(index)}
              data-testid="inspector-turn"
            >
              Turn {index + 1}
            </Button>
          </span>
        ))}
      </div>
      {turns.length > ALL_TABS_UP_TO && <GoToTurn count={turns.length} open={open} />}
    </div>
  )
}

/** A number field for any turn of a long chat (only some have a tab). */
function GoToTurn({ count, open }: Readonly<{ count: number; open: (index: number) => void }>): ReactNode {
  const id = useId()
  const [value, setValue] = useState('')
  const number = Number(value)
  const valid = Number.isInteger(number) && number >= 1 && number <= count
  return (
    <form
      className="inspector-turns__go"
      onSubmit={(event) => {
        event.preventDefault()
        if (valid) open(number - 1)
      }}
    >
      <label htmlFor={id}>Go to turn</label>
      <input
        id={id}
        className="input"
        type="number"
        min={1}
        max={count}
        value={value}
        placeholder={`1–${count}`}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button size="small" type="submit" disabled={!valid}>
        Show
      </Button>
      <span className="muted">{count.toLocaleString('en')} turns</span>
    </form>
  )
}
