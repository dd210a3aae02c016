import { useEffect, useState, type ReactNode } from 'react'
import type { NexusTeamSettings, NexusTurnEntries } from '../../../../../shared/contract'
import { useAppStore } from '../../../store/useAppStore'
import { ChoiceList } from '../../../ui/ChoiceList'
import { NumberSettingsField } from '../../settings/NumberSettingsField'
import { SettingsForm } from '../../settings/SettingsForm'
import type { FormMessage } from '../../settings/useModelSettingsForm'
import '../../settings/settings.css'
import '../nexusTeam.css'

const TURN_CHOICES: readonly {
  readonly value: NexusTurnEntries
  readonly label: string
  readonly hint: string
}[] = [
  {
    value: 'meaningful',
    label: 'Turns that changed something',
    hint: 'A turn that wrote memory, changed the project state, posted a decision or ran a tool that changes things leaves one line in the Nexus — the agent’s own closing post, or a summary Hearth writes without a model call.'
  },
  {
    value: 'every',
    label: 'Every turn',
    hint: 'Each finished turn leaves a line, also questions and small talk.'
  },
  {
    value: 'off',
    label: 'Off',
    hint: 'Only what the agents post themselves, and the summary when a session ends.'
  }
]

type Draft = { turnEntries: NexusTurnEntries; checkpointEvery: string; injectCap: string }

function toDraft(settings: NexusTeamSettings): Draft {
  return {
    turnEntries: settings.turnEntries,
    checkpointEvery: String(settings.checkpointEvery),
    injectCap: String(settings.injectCap)
  }
}

/** A whole number within bounds, or the sentence saying what is wrong. */
function wholeNumber(text: string, min: number, max: number): number | string {
  const value = Number(text.trim())
  return /^\d+$/.test(text.trim()) && value >= min && value <= max
    ? value
    : `A whole number from ${min} to ${max}`
}

/** Settings → Nexus: which turns leave an entry, how often agents checkpoint, how much each turn is shown. */
export function NexusSettingsPanel(): ReactNode {
  const settings = useAppStore((state) => state.nexusTeamSettings)
  const load = useAppStore((state) => state.loadNexusTeamSettings)
  const save = useAppStore((state) => state.saveNexusTeamSettings)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [message, setMessage] = useState<FormMessage>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (settings) setDraft((current) => current ?? toDraft(settings))
  }, [settings])
  if (!settings || !draft) return <p className="muted">Loading…</p>
  const every = wholeNumber(draft.checkpointEvery, 2, 100)
  const cap = wholeNumber(draft.injectCap, 1, 200)
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(settings))
  const change = (patch: Partial<Draft>): void => {
    setDraft({ ...draft, ...patch })
    setMessage(null)
  }
  const submit = async (): Promise<void> => {
    if (typeof every === 'string' || typeof cap === 'string') {
      setMessage({ ok: false, text: 'Fix the marked fields first.' })
      return
    }
    setBusy(true)
    const result = await save({ turnEntries: draft.turnEntries, checkpointEvery: every, injectCap: cap })
    setBusy(false)
    setMessage(result.ok ? { ok: true, text: 'Saved to config.json.' } : { ok: false, text: result.message })
  }
  return (
    <SettingsForm
      label="Nexus"
      onSave={submit}
      message={message}
      busy={busy}
      dirty={dirty}
      locked={false}
      testIdPrefix="settings-nexus"
      note="How your agents keep the shared log. Changes apply from the next turn; the system prompt never changes for them, so nothing costs a cache miss."
    >
      <div className="nexus-settings__choices">
        <ChoiceList
          legend="Turn entries"
          name="turn-entries"
          choices={TURN_CHOICES}
          value={draft.turnEntries}
          onChange={(turnEntries) => change({ turnEntries })}
        />
      </div>
      <div className="form-grid settings-grid--single">
        <NumberSettingsField
          label="Checkpoint every (tool calls)"
          hint="During long tasks agents are asked to record goal, done, next and open questions this often; when they do not, Hearth writes the checkpoint itself."
          error={typeof every === 'string' ? every : undefined}
          value={draft.checkpointEvery}
          testId="settings-nexus-checkpoint-every"
          onChange={(value) => change({ checkpointEvery: value })}
        />
        <NumberSettingsField
          label="Entries shown per turn"
          hint="New entries by others an agent sees in full before each turn; the rest are summarised in one line. Decisions awaiting its acknowledgement and conflicts are always shown."
          error={typeof cap === 'string' ? cap : undefined}
          value={draft.injectCap}
          testId="settings-nexus-inject-cap"
          onChange={(value) => change({ injectCap: value })}
        />
      </div>
    </SettingsForm>
  )
}
