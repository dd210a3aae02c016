import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { Fact } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Panel } from '../../ui/Panel'
import { FACT_TYPE_LABELS, FactSourceLink } from '../review'
import { EditableMemory } from './EditableMemory'

function FactMeta({ fact }: Readonly<{ fact: Fact }>): ReactNode {
  return (
    <>
      <span className={`candidate__type candidate__type--${fact.type}`}>{FACT_TYPE_LABELS[fact.type]}</span>
      <span className="muted">from</span> <FactSourceLink fact={fact} />
      {fact.recallSuppressed && <span className="candidate__flag">not recalled</span>}
    </>
  )
}

/** Approved facts: what recall may bring into a turn. */
export function FactsPanel({ facts, empty }: Readonly<{ facts: readonly Fact[]; empty: string }>): ReactNode {
  const { edit, forget } = useAppStore(
    useShallow((s) => ({ edit: s.editMemoryFact, forget: s.forgetMemory }))
  )
  return (
    <Panel title={`Facts (${facts.length})`} data-testid="memories-facts">
      <p className="muted memory-panel__note">
        Facts you approved in Review. Recall brings the relevant ones into a turn.
      </p>
      {facts.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="memory-list">
          {facts.map((fact) => (
            <EditableMemory
              key={fact.id}
              text={fact.text}
              fieldLabel="Fact text"
              meta={<FactMeta fact={fact} />}
              onSave={(text) => edit(fact.id, text)}
              onForget={() => forget({ kind: 'fact', id: fact.id, text: fact.text })}
              data-testid="memory-fact"
            />
          ))}
        </ul>
      )}
    </Panel>
  )
}
