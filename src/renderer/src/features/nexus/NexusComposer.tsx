import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { ChoiceList, type Choice } from '../../ui/ChoiceList'
import { Dialog } from '../../ui/Dialog'
import { TimedNotice, type TimedNoticeContent } from '../../ui/TimedNotice'
import { useAppStore } from '../../store/useAppStore'
import { EMPTY_USER_POST, draftProblem, summaryRoom, type UserPostDraft, type UserPostKind } from './userPost'
import { selectNexusPosted } from './nexusPostSlice'

const KINDS: readonly Choice<UserPostKind>[] = [
  { value: 'note', label: 'Note', hint: 'Something every agent should know (stored as a turn entry).' },
  { value: 'decision', label: 'Decision', hint: 'A choice the agents must follow, with the reason why.' },
  { value: 'handoff', label: 'Handoff', hint: 'Work passed to one agent; its name leads the summary.' }
]

/** The agents a handoff can name, by display name (read once per change of the agents, not per render). */
function useAgentChoices(): readonly { id: string; name: string }[] {
  const ids = useAppStore((state) => state.agentIds)
  const byId = useAppStore((state) => state.agentsById)
  return useMemo(() => ids.map((id) => ({ id, name: byId[id]?.name ?? id })), [ids, byId])
}

type FormProps = Readonly<{ onClose: () => void }>

/** The composer's form: kind, (addressee), summary with its room left, rationale, details. */
function ComposerForm({ onClose }: FormProps): ReactNode {
  const post = useAppStore((state) => state.postNexusAsUser)
  const agents = useAgentChoices()
  const [draft, setDraft] = useState<UserPostDraft>(EMPTY_USER_POST)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const ids = { summary: useId(), room: useId() }
  const change = (patch: Partial<UserPostDraft>): void => {
    setDraft((current) => ({ ...current, ...patch }))
    setError(null)
  }
  const problem = draftProblem(draft)
  const room = summaryRoom(draft)
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (problem !== null) return setError(problem)
    setBusy(true)
    const result = await post(draft)
    setBusy(false)
    if (!result.ok) return setError(result.message)
    onClose()
  }
  return (
    <form
      className="dialog__body nexus-composer"
      aria-label="Post to the Nexus"
      onSubmit={(e) => void submit(e)}
    >
      <ChoiceList
        legend="What are you posting?"
        name="nexus-post-kind"
        choices={KINDS}
        value={draft.kind}
        onChange={(kind) => change({ kind })}
      />
      {draft.kind === 'handoff' && (
        <label className="field">
          <span className="field__label">Hand to</span>
          <select
            className="select"
            value={draft.to?.id ?? ''}
            onChange={(event) =>
              change({ to: agents.find((agent) => agent.id === event.target.value) ?? null })
            }
          >
            <option value="">Choose an agent…</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="field">
        <label className="field__label" htmlFor={ids.summary}>
          Summary
        </label>
        <input
          id={ids.summary}
          className="input"
          value={draft.summary}
          aria-describedby={ids.room}
          placeholder="One line, e.g. Thumbnails are stored as WebP"
          onChange={(event) => change({ summary: event.target.value })}
        />
        <span id={ids.room} className={room < 0 ? 'field__error' : 'field__hint'}>
          {room < 0 ? `${-room} characters too long` : `${room} characters left`}
          {draft.kind === 'handoff' && draft.to !== null ? ` (“To ${draft.to.name}:” is added first)` : ''}
        </span>
      </div>
      {draft.kind === 'decision' && (
        <label className="field">
          <span className="field__label">Why (rationale)</span>
          <textarea
            className="textarea nexus-composer__text"
            rows={3}
            value={draft.rationale}
            maxLength={4000}
            onChange={(event) => change({ rationale: event.target.value })}
          />
        </label>
      )}
      <label className="field">
        <span className="field__label">Details (optional)</span>
        <textarea
          className="textarea nexus-composer__text"
          rows={3}
          value={draft.details}
          maxLength={20_000}
          onChange={(event) => change({ details: event.target.value })}
        />
      </label>
      <p className="field__hint">
        Signed as you (<span className="mono">user</span>). Every agent is shown it before its next turn; the
        log is append-only, so a post cannot be edited or deleted later.
      </p>
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" type="submit" disabled={busy}>
          {busy ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  )
}

/** "Post to the Nexus": the user writes a note, a decision or a handoff into the shared log themselves. */
export function NexusComposer(): ReactNode {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="primary" size="small" onClick={() => setOpen(true)}>
        Post to the Nexus
      </Button>
      {open && (
        <Dialog title="Post to the Nexus" onClose={() => setOpen(false)}>
          <ComposerForm onClose={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  )
}

/** Under the header: what the user just posted (the entry itself arrives in the timeline). */
export function NexusPostedNotice(): ReactNode {
  const posted = useAppStore(selectNexusPosted)
  const dismiss = useAppStore((state) => state.dismissNexusPosted)
  const notice = useMemo<TimedNoticeContent | null>(
    () =>
      posted === null
        ? null
        : { message: `Posted #${posted.seq} as you. Every agent is shown it before its next turn.` },
    [posted]
  )
  return <TimedNotice notice={notice} onDismiss={dismiss} data-testid="nexus-posted" />
}
