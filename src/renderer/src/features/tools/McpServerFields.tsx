import { useState, type ReactNode } from 'react'
import { SettingsField } from '../settings/SettingsField'
import type { McpServerForm } from './mcpServerForm'

type McpServerFieldsProps = Readonly<{
  form: McpServerForm
  onChange: (form: McpServerForm) => void
  fieldError: { field: keyof McpServerForm; message: string } | null
  /** While editing a remote server: the header names already in the secret store. */
  editingSecretHeaders: readonly string[] | null
}>

const KINDS: ReadonlyArray<{
  value: McpServerForm['transport']
  label: string
}> = [
  { value: 'stdio', label: 'Local program (stdio)' },
  { value: 'http', label: 'Remote server (Streamable HTTP)' },
  { value: 'sse', label: 'Remote server (SSE, older servers)' }
]

/** The fields of one server entry; local and remote servers show only what they use. */
export function McpServerFields({
  form,
  onChange,
  fieldError,
  editingSecretHeaders
}: McpServerFieldsProps): ReactNode {
  const set = <K extends keyof McpServerForm>(key: K, value: McpServerForm[K]): void =>
    onChange({ ...form, [key]: value })
  const errorOf = (field: keyof McpServerForm): string | undefined =>
    fieldError?.field === field ? fieldError.message : undefined
  const remote = form.transport !== 'stdio'
  // Opened once when the entry already uses them; the user may close it (React leaves it be).
  const [moreOpen] = useState(form.env.trim() !== '' || form.cwd.trim() !== '')
  const kept =
    editingSecretHeaders && editingSecretHeaders.length > 0
      ? `Leave empty to keep the stored ${editingSecretHeaders.join(', ')}. `
      : ''
  return (
    <div className="mcp-fields">
      <SettingsField
        label="Name"
        hint="Its tools appear to the model as mcp__<name>__<tool>."
        error={errorOf('name')}
      >
        {(id) => (
          <input
            id={id}
            value={form.name}
            onChange={(event) => set('name', event.target.value)}
            spellCheck={false}
          />
        )}
      </SettingsField>
      <SettingsField label="Kind">
        {(id) => (
          <select
            id={id}
            value={form.transport}
            onChange={(event) => set('transport', event.target.value as McpServerForm['transport'])}
          >
            {KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        )}
      </SettingsField>
      {remote ? (
        <>
          <SettingsField label="URL" hint="https://, or http:// on this machine only." error={errorOf('url')}>
            {(id) => (
              <input
                id={id}
                value={form.url}
                onChange={(event) => set('url', event.target.value)}
                placeholder="https://mcp.example.com/mcp"
                spellCheck={false}
              />
            )}
          </SettingsField>
          <SettingsField
            label="Headers"
            hint={`${kept}One per line, e.g. Authorization: Bearer <token>. Kept in the secret store, never in config.json.`}
            error={errorOf('headers')}
          >
            {(id) => (
              <textarea
                id={id}
                rows={2}
                value={form.headers}
                onChange={(event) => set('headers', event.target.value)}
                spellCheck={false}
                autoComplete="off"
              />
            )}
          </SettingsField>
        </>
      ) : (
        <>
          <SettingsField
            label="Command"
            hint="The program that runs the server, e.g. npx, uvx or node."
            error={errorOf('command')}
          >
            {(id) => (
              <input
                id={id}
                value={form.command}
                onChange={(event) => set('command', event.target.value)}
                spellCheck={false}
              />
            )}
          </SettingsField>
          <SettingsField label="Arguments" hint="One per line.">
            {(id) => (
              <textarea
                id={id}
                rows={3}
                value={form.args}
                onChange={(event) => set('args', event.target.value)}
                spellCheck={false}
              />
            )}
          </SettingsField>
          <details className="mcp-fields__more" open={moreOpen}>
            <summary>Environment and working folder</summary>
            <SettingsField label="Environment" hint="NAME=value, one per line." error={errorOf('env')}>
              {(id) => (
                <textarea
                  id={id}
                  rows={2}
                  value={form.env}
                  onChange={(event) => set('env', event.target.value)}
                  spellCheck={false}
                />
              )}
            </SettingsField>
            <SettingsField label="Working folder" hint="Optional; where the program starts.">
              {(id) => (
                <input
                  id={id}
                  value={form.cwd}
                  onChange={(event) => set('cwd', event.target.value)}
                  spellCheck={false}
                />
              )}
            </SettingsField>
          </details>
        </>
      )}
      <label className="mcp-fields__trust">
        <input
          type="checkbox"
          checked={form.trusted}
          onChange={(event) => set('trusted', event.target.checked)}
        />
        <span>Trusted: its results may lead to memory writes and Nexus posts without asking me first</span>
      </label>
    </div>
  )
}
