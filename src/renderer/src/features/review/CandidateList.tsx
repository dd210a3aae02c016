import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { Fact } from '../../../../shared/contract'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { MoreOnScroll } from '../../ui/MoreOnScroll'
import { VirtualRows, type VirtualRowProps, type VirtualRowsHandle } from '../../ui/VirtualRows'
import { selectAgentName } from '../agents/agentsSlice'
import { CandidateRow } from './CandidateRow'
import { quoteChatTitle } from './FactSourceLink'
import { groupBySource, type ReviewGroup } from './groupBySource'

/** "Scribe · Release planning": who proposed it and in which chat, in the names the user gave them. */
function GroupTitle({
  group,
  rowProps
}: Readonly<{ group: ReviewGroup; rowProps: VirtualRowProps }>): ReactNode {
  const agentName = useAppStore(selectAgentName(group.agentId))
  const importedFrom = group.items[0]?.fact.provenance?.source
  const chat =
    group.sessionId !== null
      ? quoteChatTitle(group.sessionTitle)
      : importedFrom !== undefined
        ? `imported from ${importedFrom}`
        : 'not from a chat'
  return (
    <li
      ref={rowProps.ref}
      data-index={rowProps['data-index']}
      className="review-group"
      role="presentation"
      data-testid="review-group"
    >
      <h2 className="review-group__title">
        {agentName} · {chat}
        <span className="muted">
          {' '}
          · {group.items.length} candidate{group.items.length === 1 ? '' : 's'}
        </span>
      </h2>
    </li>
  )
}

/** One row of the flattened list: a group's title, or one of its candidates. */
type ListRow =
  | { readonly kind: 'group'; readonly group: ReviewGroup }
  | { readonly kind: 'candidate'; readonly fact: Fact; readonly index: number; readonly last: boolean }

function rowsOf(candidates: readonly Fact[]): ListRow[] {
  return groupBySource(candidates).flatMap((group): ListRow[] => [
    { kind: 'group', group },
    ...group.items.map(({ fact, index }, at): ListRow => ({
      kind: 'candidate',
      fact,
      index,
      last: at === group.items.length - 1
    }))
  ])
}

/** A candidate's line before it is measured (a group title is about as tall). */
const ESTIMATED_ROW_PX = 26

/** The pending candidates grouped by agent and the chat they came from; the cursor row scrolls into view. */
export function CandidateList({ report }: Readonly<{ report: (message: string) => void }>): ReactNode {
  const state = useAppStore(
    useShallow((s) => ({
      candidates: s.reviewCandidates,
      approved: s.reviewApproved,
      cursor: s.reviewCursor,
      selected: s.reviewSelected,
      editing: s.reviewEditing,
      merging: s.reviewMerging,
      more: s.reviewNext !== null
    }))
  )
  const actions = useAppStore(
    useShallow((s) => ({
      setCursor: s.setReviewCursor,
      toggle: s.toggleReviewSelected,
      approve: s.approveCandidates,
      reject: s.rejectCandidates,
      edit: s.setReviewEditing,
      merge: s.setReviewMerging,
      mergeInto: s.mergeCandidate,
      mergeWith: s.mergeCandidatesInto,
      loadMore: s.loadMoreReview
    }))
  )
  const rows = useMemo(() => rowsOf(state.candidates), [state.candidates])
  const handle = useRef<VirtualRowsHandle | null>(null)
  // The keyboard's cursor row is brought into view, drawn or not, when the cursor moves or the
  // list first arrives. Only then: a page loaded while the user scrolls away from the cursor must
  // not pull the view back to it.
  const rowsNow = useRef(rows)
  const arrived = rows.length > 0
  rowsNow.current = rows
  useEffect(() => {
    const at = rowsNow.current.findIndex((row) => row.kind === 'candidate' && row.index === state.cursor)
    if (at >= 0) handle.current?.virtualizer.scrollToIndex(at, { align: 'auto' })
  }, [state.cursor, arrived])
  // Worked out once per list: the virtualizer asks for every row's key each time a row is measured.
  const keys = useMemo(
    () =>
      rows.map((row) =>
        row.kind === 'group' ? `group:${row.group.agentId}:${row.group.sessionId ?? ''}` : row.fact.id
      ),
    [rows]
  )
  const rowKey = useCallback((at: number) => keys[at] ?? at, [keys])
  const check = useCallback(
    (result: Promise<{ ok: boolean; message?: string }>): void => {
      void result.then((outcome) => (outcome.ok ? undefined : report(outcome.message ?? 'The action failed')))
    },
    [report]
  )
  // Kept while the list and its state are: a scroll step then draws only the rows it brings in.
  const renderRow = useCallback(
    (at: number, rowProps: VirtualRowProps): ReactNode => {
      const row = rows[at] as ListRow
      if (row.kind === 'group') return <GroupTitle key={rowKey(at)} group={row.group} rowProps={rowProps} />
      const { fact, index } = row
      return (
        <CandidateRow
          key={fact.id}
          rowProps={rowProps}
          lastOfGroup={row.last}
          fact={fact}
          focused={index === state.cursor}
          selected={state.selected.includes(fact.id)}
          editing={state.editing === fact.id}
          merging={state.merging === fact.id}
          approved={state.approved}
          pending={state.candidates}
          onFocus={() => actions.setCursor(index)}
          onToggle={() => actions.toggle(fact.id)}
          onApprove={(text) => check(actions.approve([fact.id], text))}
          onReject={() => check(actions.reject([fact.id]))}
          onEdit={(on) => actions.edit(on ? fact.id : null)}
          onMerge={(on) => actions.merge(on ? fact.id : null)}
          onMergeInto={(intoId, text) => check(actions.mergeInto(fact.id, intoId, text))}
          onMergeWith={(otherId, text) => check(actions.mergeWith([otherId, fact.id], text))}
        />
      )
    },
    [rows, rowKey, state, actions, check]
  )
  return (
    <div className="review-list" data-testid="review-list">
      <VirtualRows
        count={rows.length}
        estimate={ESTIMATED_ROW_PX}
        rowKey={rowKey}
        className="review-rows"
        label="Candidates"
        handleRef={handle}
        onReachEnd={state.more ? () => void actions.loadMore() : undefined}
        renderRow={renderRow}
        footer={
          <MoreOnScroll
            more={state.more}
            shown={state.candidates.length}
            noun="candidates"
            onReach={() => void actions.loadMore()}
          />
        }
      />
    </div>
  )
}
