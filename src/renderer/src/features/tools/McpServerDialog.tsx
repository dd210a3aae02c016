import { useState, type ReactNode } from 'react'
import type { McpServerView } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { SettingsField } from '../settings/SettingsField'
import { McpServerFields } from './McpServerFields'
import {
  EMPTY_SERVER_FORM,
  formFromParsed,
  formFromView,
  readServerForm,
  type McpServerForm
} from './mcpServerForm'

type McpServerDialogProps = Readonly<{
  /** The server being edited, or null to add one. */
  editing: McpServerView | null
  onClose: () => void
}>

/**
 * Add or edit an MCP server without writing JSON: paste an entry from another app (Claude Code,
 * Claude Desktop, Cursor, VS Code) to fill the form, or type it. Header values go to the secret
 * store; config.json only gets their names.
 */
export function McpServerDialog({ editing, onClose }: McpServerDialogProps): ReactNode {
  const save = useAppStore((state) => state.saveMcpServer)
  const parse = useAppStore((state) => state.parseMcpServers)
  const [form, setForm] = useState<McpServerForm>(editing ? formFromView(editing) : EMPTY_SERVER_FORM)
  const [pasted, setPasted] = useState('')
  const [notes, setNotes] = useState<readonly string[]>([])
  const [fieldError, setFieldError] = useState<{
    field: keyof McpServerForm
    message: string
  } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const readPasted = async (): Promise<void> => {
    const result = await parse(pasted)
    if (!result.ok) return setError(result.message)
    const first = result.value.servers[0]
    if (!first) return setNotes(result.value.problems)
    setForm(formFromParsed(first))
    setNotes([
      ...first.warnings,
      ...(result.value.servers.length > 1
        ? [
            `The text has ${result.value.servers.length} servers; this is the first (${first.draft.name}). Save it, then add the next.`
          ]
        : [])
    ])
  }
  const submit = async (): Promise<void> => {
    const reading = readServerForm(form, editing !== null)
    if (!reading.ok) return setFieldError({ field: reading.field, message: reading.message })
    setFieldError(null)
    setBusy(true)
    const result = await save(reading.draft, editing?.name, reading.headers)
    setBusy(false)
    if (result.ok) onClose()
    else setError(result.message)
  }
  const actions = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      <Button variant="primary" disabled={busy} onClick={() => void submit()}>
        {busy ? 'Saving…' : 'Save server'}
      </Button>
    </>
  )
  return (
    <Dialog
      title={editing ? `Edit ${editing.name}` : 'Add an MCP server'}
      onClose={onClose}
      actions={actions}
      data-testid="mcp-server-dialog"
    >
      {editing === null && (
        <SettingsField
          label="Paste a config entry"
          hint="From Claude Code (.mcp.json), Claude Desktop, Cursor or VS Code: a whole file or one entry."
        >
          {(id) => (
            <div className="mcp-paste">
              <textarea
                id={id}
                rows={3}
                value={pasted}
                onChange={(event) => setPasted(event.target.value)}
                spellCheck={false}
              />
              <Button size="small" disabled={pasted.trim() === ''} onClick={() => void readPasted()}>
                Fill the form
              </Button>
            </div>
          )}
        </SettingsField>
      )}
      {notes.map((note) => (
        <div key={note} className="field__warning">
          {note}
        </div>
      ))}
      <McpServerFields
        form={form}
        onChange={setForm}
        fieldError={fieldError}
        editingSecretHeaders={editing?.secretHeaders ?? null}
      />
      {error !== null && (
        <div className="field__error" role="alert">
          {error}
        </div>
      )}
    </Dialog>
  )
}
