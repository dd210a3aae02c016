import type { ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import type { VirtualRowProps } from '../../ui/VirtualRows'
import { CandidateEditor } from './CandidateEditor'
import { CandidateProvenance } from './CandidateProvenance'
import { FACT_TYPE_LABELS } from './factTypes'
import { ImportChip } from './ImportChip'
import { MergePanel } from './MergePanel'
import { ToolWriteChanges, toolWriteEditable } from './ToolWriteChanges'

type CandidateRowProps = Readonly<{
  fact: Fact
  /** Its place in the virtualised list (its index, and the ref that measures it). */
  rowProps?: VirtualRowProps
  /** The last candidate of its chat's group: the group's box closes under it. */
  lastOfGroup?: boolean
  focused: boolean
  selected: boolean
  editing: boolean
  merging: boolean
  /** The merge targets; null while they load. */
  approved: readonly Fact[] | null
  pending: readonly Fact[]
  onFocus: () => void
  onToggle: () => void
  onApprove: (text?: string) => void
  onReject: () => void
  onEdit: (editing: boolean) => void
  onMerge: (merging: boolean) => void
  onMergeInto: (intoId: number, text: string) => void
  onMergeWith: (otherId: number, text: string) => void
}>

function Flags({ fact }: Readonly<{ fact: Fact }>): ReactNode {
  return (
    <>
      {fact.scanFailed && (
        <span className="candidate__flag candidate__flag--danger" title={fact.scanFindings.join(', ')}>
          scan: {fact.scanFindings.join(', ')}
        </span>
      )}
      {fact.mergeKind !== null && (
        <span className="candidate__flag">
          {fact.mergeKind === 'duplicate' ? 'duplicate' : 'may contradict'} #{fact.mergeTargetId}
        </span>
      )}
      {fact.origin === 'flagged' && <span className="candidate__flag">flagged wrong</span>}
      {fact.importId !== null && <ImportChip importId={fact.importId} />}
      {fact.toolWrite !== null && (
        <span className="candidate__flag">
          memory write · {fact.toolWrite.target === 'user' ? 'USER.md' : 'MEMORY.md'}
        </span>
      )}
    </>
  )
}

function Actions(props: CandidateRowProps): ReactNode {
  const isWrite = props.fact.toolWrite !== null
  const editable = !isWrite || toolWriteEditable(props.fact)
  return (
    <div className="candidate__actions">
      <Button
        size="small"
        variant="primary"
        onClick={() => props.onApprove()}
        data-testid="candidate-approve"
      >
        {isWrite ? 'Approve and write' : 'Approve'} <kbd>a</kbd>
      </Button>
      {editable && (
        <Button size="small" onClick={() => props.onEdit(true)} data-testid="candidate-edit">
          Edit <kbd>e</kbd>
        </Button>
      )}
      {!isWrite && (
        <Button size="small" onClick={() => props.onMerge(true)} data-testid="candidate-merge">
          Merge… <kbd>m</kbd>
        </Button>
      )}
      <Button size="small" variant="danger" onClick={props.onReject} data-testid="candidate-reject">
        Reject <kbd>r</kbd>
      </Button>
    </div>
  )
}

/**
 * One candidate on one line; the focused one unfolds its provenance and actions. Editing and
 * merging happen inline (no dialog), so twenty candidates stay reviewable on one screen. A memory
 * write the agent asked for shows the exact change it would make to the file.
 */
export function CandidateRow(props: CandidateRowProps): ReactNode {
  const { fact, focused, selected, editing, merging } = props
  const classes = [
    'candidate',
    focused ? 'candidate--focused' : '',
    selected ? 'candidate--selected' : '',
    props.lastOfGroup ? 'candidate--last' : ''
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <li
      ref={props.rowProps?.ref}
      data-index={props.rowProps?.['data-index']}
      className={classes}
      data-testid="candidate"
      data-candidate-id={fact.id}
      aria-current={focused}
      onClick={props.onFocus}
    >
      <div className="candidate__line">
        <input
          type="checkbox"
          checked={selected}
          onChange={props.onToggle}
          aria-label={`Select candidate ${fact.id}`}
          onClick={(event) => event.stopPropagation()}
        />
        <span className={`candidate__type candidate__type--${fact.type}`}>{FACT_TYPE_LABELS[fact.type]}</span>
        <span className="candidate__text" data-testid="candidate-text">
          {fact.text}
        </span>
        <Flags fact={fact} />
      </div>
      {focused && !editing && !merging && (
        <div className="candidate__detail">
          <CandidateProvenance fact={fact} />
          {fact.toolWrite !== null && <ToolWriteChanges write={fact.toolWrite} />}
          {fact.mergeTargetText !== null && (
            <div className="candidate__target muted">
              Existing fact #{fact.mergeTargetId}: {fact.mergeTargetText}
            </div>
          )}
          <Actions {...props} />
        </div>
      )}
      {editing && (
        <CandidateEditor
          initial={fact.toolWrite?.changes[0]?.after ?? fact.text}
          onCancel={() => props.onEdit(false)}
          onSave={(text) => props.onApprove(text)}
        />
      )}
      {merging && props.approved === null && (
        <p className="muted" role="status">
          Loading the approved facts to merge into…
        </p>
      )}
      {merging && props.approved !== null && (
        <MergePanel
          fact={fact}
          approved={props.approved}
          pending={props.pending}
          onCancel={() => props.onMerge(false)}
          onMerge={props.onMergeInto}
          onMergeWith={props.onMergeWith}
        />
      )}
    </li>
  )
}
