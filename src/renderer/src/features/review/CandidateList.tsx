import { useEffect, useRef, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { MoreOnScroll } from '../../ui/MoreOnScroll'
import { selectAgentName } from '../agents/agentsSlice'
import { CandidateRow } from './CandidateRow'
import { quoteChatTitle } from './FactSourceLink'
import { groupBySource, type ReviewGroup } from './reviewSlice'

/** "Scribe · Release planning": who proposed it and in which chat, in the names the user gave them. */
function GroupTitle({ group }: Readonly<{ group: ReviewGroup }>): ReactNode {
  const agentName = useAppStore(selectAgentName(group.agentId))
  const importedFrom = group.items[0]?.fact.provenance?.source
  const chat =
    group.sessionId !== null
      ? quoteChatTitle(group.sessionTitle)
      : importedFrom !== undefined
        ? `imported from ${importedFrom}`
        : 'not from a chat'
  return (
    <h2 className="review-group__title">
      {agentName} · {chat}
      <span className="muted">
        {' '}
        · {group.items.length} candidate{group.items.length === 1 ? '' : 's'}
      </span>
    </h2>
  )
}

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
  const listRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [state.cursor])
  const check = (result: Promise<{ ok: boolean; message?: string }>): void => {
    void result.then((outcome) => (outcome.ok ? undefined : report(outcome.message ?? 'The action failed')))
  }
  return (
    <div className="review-list" ref={listRef} data-testid="review-list">
      {groupBySource(state.candidates).map((group) => (
        <section
          key={`${group.agentId}:${group.sessionId ?? ''}`}
          className="review-group"
          data-testid="review-group"
        >
          <GroupTitle group={group} />
          <ul className="review-group__items">
            {group.items.map(({ fact, index }) => (
              <CandidateRow
                key={fact.id}
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
            ))}
          </ul>
        </section>
      ))}
      <MoreOnScroll
        more={state.more}
        shown={state.candidates.length}
        noun="candidates"
        onReach={() => void actions.loadMore()}
      />
    </div>
  )
}
