import { useEffect, useState, type ReactNode } from 'react'
import type { AgentId, SessionId, SessionSummary } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'

type Outcome = { ok: true; candidates: number; sessions: number } | { ok: false; message: string }

/**
 * The retention pass on request: imported chats bring no memories by themselves; the user picks
 * the conversations worth learning from and retention proposes candidates from them, which wait
 * in Review like any other.
 */
export function ImportRetention({ agentId }: Readonly<{ agentId: AgentId }>): ReactNode {
  const load = useAppStore((s) => s.loadImportedChats)
  const retain = useAppStore((s) => s.retainImported)
  const openReview = useAppStore((s) => s.showReviewForImport)
  const navigate = useAppStore((s) => s.navigate)
  const [chats, setChats] = useState<SessionSummary[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<readonly SessionId[]>([])
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  useEffect(() => {
    void load(agentId).then((result) => (result.ok ? setChats(result.value) : setLoadError(result.message)))
  }, [agentId, load])
  if (loadError !== null)
    return (
      <Banner tone="danger" title="The imported chats could not be listed">
        {loadError}
      </Banner>
    )
  if (chats === null) return <p className="muted">Listing the imported chats…</p>
  if (chats.length === 0) return null
  const toggle = (id: SessionId): void =>
    setChosen((now) => (now.includes(id) ? now.filter((c) => c !== id) : [...now, id]))
  async function run(): Promise<void> {
    setBusy(true)
    setOutcome(null)
    const result = await retain(chosen)
    setBusy(false)
    setOutcome(result.ok ? { ok: true, ...result.value } : { ok: false, message: result.message })
  }
  return (
    <section
      className="import-retention"
      aria-labelledby="import-retention-title"
      data-testid="import-retention"
    >
      <h3 id="import-retention-title">Learn from imported chats</h3>
      <p className="muted">
        Imported chats are searchable, but nothing in them is remembered. Choose the conversations worth
        learning from: retention reads them and proposes memories, which wait in Review.
      </p>
      <ul className="import-retention__list">
        {chats.slice(0, 200).map((chat) => (
          <li key={chat.id}>
            <label>
              <input type="checkbox" checked={chosen.includes(chat.id)} onChange={() => toggle(chat.id)} />{' '}
              {chat.title || 'Untitled chat'}{' '}
              <span className="muted">
                ({chat.importedFrom}, {new Date(chat.startedAtMs).toLocaleDateString()})
              </span>
            </label>
          </li>
        ))}
      </ul>
      <Button variant="primary" disabled={busy || chosen.length === 0} onClick={() => void run()}>
        {busy
          ? `Reading ${chosen.length} chat${chosen.length === 1 ? '' : 's'}…`
          : `Propose memories from ${chosen.length} chosen chat${chosen.length === 1 ? '' : 's'}`}
      </Button>
      {outcome !== null && !outcome.ok && (
        <Banner tone="danger" title="Retention did not run">
          {outcome.message}
        </Banner>
      )}
      {outcome !== null && outcome.ok && (
        <Banner
          tone="success"
          title={`${outcome.candidates} candidate${outcome.candidates === 1 ? '' : 's'} from ${outcome.sessions} chat${outcome.sessions === 1 ? '' : 's'}`}
          data-testid="import-retention-done"
          actions={
            outcome.candidates > 0 ? (
              <Button
                size="small"
                onClick={() => {
                  openReview(null)
                  navigate('review')
                }}
              >
                Open Review
              </Button>
            ) : undefined
          }
        >
          {outcome.candidates > 0
            ? 'They wait in Review; none is remembered until you approve it.'
            : 'Retention found nothing worth remembering in those chats.'}
        </Banner>
      )}
    </section>
  )
}
