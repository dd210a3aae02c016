import type { ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { CandidateEditor } from './CandidateEditor'
import { CandidateProvenance } from './CandidateProvenance'
import { MergePanel } from './MergePanel'

const TYPE_LABELS: Readonly<Record<Fact['type'], string>> = {
  decision: 'decision',
  user_fact: 'about you',
  project_fact: 'project',
  error_fix: 'error & fix',
  preference: 'preference'
}

type CandidateRowProps = Readonly<{
  fact: Fact
  focused: boolean
  selected: boolean
  editing: boolean
  merging: boolean
  approved: readonly Fact[]
  onFocus: () => void
  onToggle: () => void
  onApprove: (text?: string) => void
  onReject: () => void
  onEdit: (editing: boolean) => void
  onMerge: (merging: boolean) => void
  onMergeInto: (intoId: number, text: string) => void
}>

/**
 * One candidate on one line; the focused one unfolds its provenance and actions. Editing and
 * merging happen inline (no dialog), so twenty candidates stay reviewable on one screen.
 */
export function CandidateRow(props: CandidateRowProps): ReactNode {
  const { fact, focused, selected, editing, merging } = props
  const classes = ['candidate', focused ? 'candidate--focused' : '', selected ? 'candidate--selected' : ''].filter(Boolean).join(' ')
  return (
    <li className={classes} data-testid="candidate" data-candidate-id={fact.id} aria-current={focused} onClick={props.onFocus}>
      <div className="candidate__line">
        <input type="checkbox" checked={selected} onChange={props.onToggle} aria-label={`Select candidate ${fact.id}`} onClick={(event) => event.stopPropagation()} />
        <span className={`candidate__type candidate__type--${fact.type}`}>{TYPE_LABELS[fact.type]}</span>
        <span className="candidate__text" data-testid="candidate-text">{fact.text}</span>
        {fact.scanFailed && <span className="candidate__flag candidate__flag--danger" title={fact.scanFindings.join(', ')}>scan: {fact.scanFindings.join(', ')}</span>}
        {fact.mergeKind !== null && <span className="candidate__flag">{fact.mergeKind === 'duplicate' ? 'duplicate' : 'may contradict'} #{fact.mergeTargetId}</span>}
        {fact.origin === 'flagged' && <span className="candidate__flag">flagged wrong</span>}
      </div>
      {focused && !editing && !merging && (
        <div className="candidate__detail">
          <CandidateProvenance fact={fact} />
          {fact.mergeTargetText !== null && <div className="candidate__target muted">Existing fact #{fact.mergeTargetId}: {fact.mergeTargetText}</div>}
          <div className="candidate__actions">
            <Button size="small" variant="primary" onClick={() => props.onApprove()} data-testid="candidate-approve">Approve <kbd>a</kbd></Button>
            <Button size="small" onClick={() => props.onEdit(true)} data-testid="candidate-edit">Edit <kbd>e</kbd></Button>
            <Button size="small" onClick={() => props.onMerge(true)} disabled={props.approved.length === 0} data-testid="candidate-merge">Merge… <kbd>m</kbd></Button>
            <Button size="small" variant="danger" onClick={props.onReject} data-testid="candidate-reject">Reject <kbd>r</kbd></Button>
          </div>
        </div>
      )}
      {editing && <CandidateEditor initial={fact.text} onCancel={() => props.onEdit(false)} onSave={(text) => props.onApprove(text)} />}
      {merging && <MergePanel fact={fact} approved={props.approved} onCancel={() => props.onMerge(false)} onMerge={props.onMergeInto} />}
    </li>
  )
}
