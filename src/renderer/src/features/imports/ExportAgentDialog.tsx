import { useState, type ReactNode } from 'react'
import type { Agent, BackupCounts } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'

function countsText(counts: BackupCounts): string {
  const n = (key: string): number => counts[key] ?? 0
  const some = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`
  return [
    some(n('memoryEntries') + n('userEntries'), 'memory entry', 'memory entries'),
    some(n('memoryFiles'), 'memory file', 'memory files'),
    some(n('facts'), 'fact', 'facts'),
    some(n('skills'), 'skill', 'skills'),
    some(n('sessions'), 'chat', 'chats')
  ].join(', ')
}

/** The agent menu's Export: one portable file (`hearth import hearth` or Import reads it back). */
export function ExportAgentDialog({
  agent,
  onClose
}: Readonly<{ agent: Agent; onClose: () => void }>): ReactNode {
  const exportAgent = useAppStore((s) => s.exportAgent)
  const [withSessions, setWithSessions] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  async function run(): Promise<void> {
    setBusy(true)
    const result = await exportAgent(agent.id, withSessions)
    setBusy(false)
    setOutcome(
      result.ok
        ? { ok: true, text: `Downloaded ${agent.id}.hearth-agent.json: ${countsText(result.value)}.` }
        : { ok: false, text: result.message }
    )
  }
  return (
    <Dialog
      title={`Export ${agent.name}`}
      onClose={onClose}
      data-testid="agent-export-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {outcome?.ok ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="primary" disabled={busy} onClick={() => void run()}>
            {busy ? 'Exporting…' : 'Export'}
          </Button>
        </>
      }
    >
      <p>
        One file with {agent.name}’s persona, settings, memory entries and files, approved facts (with where
        each came from and its history) and the skills it uses. The API key is never in it. Import it into any
        Hearth home; its memories go through Review there.
      </p>
      <label>
        <input type="checkbox" checked={withSessions} onChange={(e) => setWithSessions(e.target.checked)} />{' '}
        Include its chats
      </label>
      {outcome !== null && (
        <p className={outcome.ok ? 'muted' : 'field__error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </Dialog>
  )
}
