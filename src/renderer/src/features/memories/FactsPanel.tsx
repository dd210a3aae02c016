import { memo, useCallback, useMemo, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { Fact, FactPin } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { MoreOnScroll } from '../../ui/MoreOnScroll'
import { Panel } from '../../ui/Panel'
import { VirtualRows, type VirtualRowProps } from '../../ui/VirtualRows'
import { FACT_TYPE_LABELS, FactSourceLink } from '../review'
import { EditableMemory, useMemoryRunner, type MemoryRunner } from './EditableMemory'
import { PinMenu } from './PinMenu'
import { useSourceFocus } from '../search/useSourceFocus'

function FactMeta({
  fact,
  pins,
  runner
}: Readonly<{ fact: Fact; pins: readonly FactPin[]; runner: MemoryRunner }>): ReactNode {
  const unpin = useAppStore((s) => s.unpinMemoryFact)
  return (
    <>
      <span className={`candidate__type candidate__type--${fact.type}`}>{FACT_TYPE_LABELS[fact.type]}</span>
      <span className="muted">from</span> <FactSourceLink fact={fact} />
      {fact.recallSuppressed && <span className="candidate__flag">not recalled</span>}
      {pins.map((pin) => (
        <span key={pin.to} className="memory-pin" data-testid="memory-fact-pin">
          Pinned in <code>{pin.place}</code>
          <button
            type="button"
            className="memory-pin__unpin"
            aria-label={`Unpin from ${pin.place}`}
            disabled={runner.busy}
            onClick={() => void runner.run(() => unpin(fact.id, pin.to))}
          >
            Unpin
          </button>
        </span>
      ))}
    </>
  )
}

type FactItemProps = Readonly<{ fact: Fact; pins: readonly FactPin[]; rowProps: VirtualRowProps }>

/** The same row: a page arriving draws the list again, and a fact already drawn has nothing new to draw. */
function sameItem(before: FactItemProps, after: FactItemProps): boolean {
  return (
    before.fact === after.fact &&
    before.pins === after.pins &&
    before.rowProps.ref === after.rowProps.ref &&
    before.rowProps['data-index'] === after.rowProps['data-index']
  )
}

const FactItem = memo(function FactItem({ fact, pins, rowProps }: FactItemProps): ReactNode {
  const { edit, forget } = useAppStore(
    useShallow((s) => ({ edit: s.editMemoryFact, forget: s.forgetMemory }))
  )
  const runner = useMemoryRunner()
  const { ref, focused } = useSourceFocus<HTMLLIElement>(
    (focus) => focus.kind === 'fact' && focus.id === fact.id
  )
  return (
    <EditableMemory
      itemRef={ref}
      focused={focused}
      text={fact.text}
      fieldLabel="Fact text"
      meta={<FactMeta fact={fact} pins={pins} runner={runner} />}
      onSave={(text) => edit(fact.id, text)}
      onForget={() => forget({ kind: 'fact', id: fact.id, text: fact.text })}
      extraActions={<PinMenu fact={fact} pins={pins} runner={runner} />}
      runner={runner}
      rowProps={rowProps}
      data-testid="memory-fact"
    />
  )
}, sameItem)

/** "Facts (2,345)", or under a search the matches loaded so far, saying when more may follow. */
function factsTitle(count: number, total: number | null, more: boolean): string {
  if (total !== null) return `Facts (${total.toLocaleString()})`
  return `Facts (${count.toLocaleString()}${more ? '+' : ''})`
}

const NO_PINS: readonly FactPin[] = []

/** Each fact's pins, looked up once per change of the pins rather than once per row drawn. */
function pinsByFact(pins: readonly FactPin[]): Map<number, FactPin[]> {
  const map = new Map<number, FactPin[]>()
  for (const pin of pins) map.set(pin.factId, [...(map.get(pin.factId) ?? []), pin])
  return map
}

/** A fact row before it is measured: its text, its source line and its actions. */
const ESTIMATED_FACT_PX = 64

/**
 * Approved facts: what recall may bring into a turn, and where each is pinned. A long list
 * draws only the rows near the view and asks for the next page as the end comes near.
 */
export function FactsPanel({
  facts,
  pins,
  empty,
  total,
  more,
  onReachEnd
}: Readonly<{
  facts: readonly Fact[]
  pins: readonly FactPin[]
  empty: string
  /** Every approved fact, when known (not under a search). */
  total: number | null
  more: boolean
  onReachEnd: () => void
}>): ReactNode {
  const rowKey = useCallback((index: number) => facts[index]?.id ?? index, [facts])
  const pinsOf = useMemo(() => pinsByFact(pins), [pins])
  // Kept while the facts and pins are: a scroll step then draws only the rows it brings in.
  const renderRow = useCallback(
    (index: number, rowProps: VirtualRowProps) => {
      const fact = facts[index] as Fact
      return <FactItem key={fact.id} fact={fact} pins={pinsOf.get(fact.id) ?? NO_PINS} rowProps={rowProps} />
    },
    [facts, pinsOf]
  )
  return (
    <Panel title={factsTitle(facts.length, total, more)} data-testid="memories-facts">
      <p className="muted memory-panel__note">
        Facts you approved in Review. Recall brings the relevant ones into a turn; pin one to keep it in every
        new session&apos;s prompt.
      </p>
      {facts.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <VirtualRows
          count={facts.length}
          estimate={ESTIMATED_FACT_PX}
          rowKey={rowKey}
          className="memory-list"
          label="Facts"
          onReachEnd={more ? onReachEnd : undefined}
          renderRow={renderRow}
          footer={
            <MoreOnScroll
              more={more}
              shown={facts.length}
              {...(total !== null ? { total } : {})}
              noun="facts"
              onReach={onReachEnd}
            />
          }
        />
      )}
    </Panel>
  )
}
