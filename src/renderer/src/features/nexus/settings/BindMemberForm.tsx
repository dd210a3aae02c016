import { useState, type FormEvent, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusMemberKind } from '../../../../../shared/contract'
import { Button } from '../../../ui/Button'
import { ChoiceList } from '../../../ui/ChoiceList'
import { useAppStore } from '../../../store/useAppStore'

const SLUG = /^[a-z0-9][a-z0-9._-]{0,63}$/

/** The token of a member just bound: shown this once, with where it goes. */
function TokenNotice({ name, token }: Readonly<{ name: string; token: string }>): ReactNode {
  return (
    <div role="status" data-testid="nexus-member-token">
      <p>
        Bound <strong>{name}</strong>. Give the runtime this token now — Hearth keeps only its hash and cannot
        show it again. Over stdio put it in the server entry’s <code>env</code> as{' '}
        <code>HEARTH_MCP_TOKEN</code>; over HTTP send it as <code>Authorization: Bearer …</code>.
      </p>
      <code className="nexus-token">{token}</code>
    </div>
  )
}

/** Binds a runtime as a member: its name, who it signs as, and whether it must present a token. */
export function BindMemberForm(): ReactNode {
  const agentIds = useAppStore(useShallow((state) => state.agentIds))
  const bind = useAppStore((state) => state.bindNexusMember)
  const [name, setName] = useState('')
  const [kind, setKind] = useState<NexusMemberKind>('external')
  const [agent, setAgent] = useState('')
  const [external, setExternal] = useState('')
  const [token, setToken] = useState(true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null)
  const author = kind === 'agent' ? agent || (agentIds[0] ?? '') : external.trim()
  const nameProblem =
    name !== '' && !SLUG.test(name) ? 'Lowercase letters, digits, dots, dashes or underscores' : null
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    const result = await bind({ name, kind, author, token })
    setBusy(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setError(null)
    setIssued(result.value.token ? { name: result.value.member.name, token: result.value.token } : null)
    setName('')
  }
  return (
    <form
      className="form-grid settings-grid--single"
      aria-label="Bind a member"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field">
        <label className="field__label" htmlFor="nexus-member-name">
          Member name
        </label>
        <input
          id="nexus-member-name"
          className="input"
          value={name}
          placeholder="hermes-lyra"
          aria-invalid={nameProblem !== null}
          onChange={(event) => setName(event.target.value)}
        />
        <span className={nameProblem ? 'field__error' : 'field__hint'}>
          {nameProblem ?? 'Its channel is mcp:<name>; one name per runtime or profile.'}
        </span>
      </div>
      <ChoiceList
        legend="Signs as"
        name="member-kind"
        choices={[
          {
            value: 'external',
            label: 'A name of its own (external member)',
            hint: 'A Hermes or OpenClaw agent that is not one of your Hearth agents.'
          },
          {
            value: 'agent',
            label: 'One of your agents',
            hint:
              agentIds.length === 0
                ? 'You have no agents yet.'
                : 'Its entries carry that agent’s name, as if it posted from Hearth.',
            disabled: agentIds.length === 0
          }
        ]}
        value={kind}
        onChange={setKind}
      />
      {kind === 'agent' ? (
        <div className="field">
          <label className="field__label" htmlFor="nexus-member-agent">
            Agent
          </label>
          <select
            id="nexus-member-agent"
            className="input"
            value={author}
            onChange={(event) => setAgent(event.target.value)}
          >
            {agentIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor="nexus-member-author">
            Author name
          </label>
          <input
            id="nexus-member-author"
            className="input"
            value={external}
            placeholder="lyra"
            onChange={(event) => setExternal(event.target.value)}
          />
          <span className="field__hint">What its entries are signed with in the Nexus.</span>
        </div>
      )}
      <label className="choice-list__choice">
        <input type="checkbox" checked={token} onChange={(event) => setToken(event.target.checked)} />
        <span>
          <span className="choice-list__label">Require a token</span>
          <span className="field__hint choice-list__hint">
            Without one, any client calling itself by the member’s name posts as it — fine only on a machine
            only you use.
          </span>
        </span>
      </label>
      <div className="form-actions">
        {error !== null && (
          <span className="field__error" role="alert">
            {error}
          </span>
        )}
        <Button
          type="submit"
          variant="primary"
          disabled={busy || name === '' || nameProblem !== null || author === ''}
        >
          Bind member
        </Button>
      </div>
      {issued && <TokenNotice name={issued.name} token={issued.token} />}
    </form>
  )
}
