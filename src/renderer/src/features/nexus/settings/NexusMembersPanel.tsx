import { useEffect, useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NexusMember } from '../../../../../shared/contract'
import { Banner } from '../../../ui/Banner'
import { Button } from '../../../ui/Button'
import { EmptyState } from '../../../ui/EmptyState'
import { useAppStore } from '../../../store/useAppStore'
import { selectNexusMembers } from '../nexusTeamSlice'
import { BindMemberForm } from './BindMemberForm'
import '../nexusTeam.css'

function lastSeen(member: NexusMember): string {
  if (member.lastSeenAt === null) return 'Never'
  const when = new Date(member.lastSeenAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short'
  })
  return `${when} — as “${member.lastClient ?? 'unknown'}” over ${member.lastTransport ?? 'unknown'}`
}

/** One bound runtime, with a two-step revoke (a revoked token stops working at once). */
function MemberRow({ member }: Readonly<{ member: NexusMember }>): ReactNode {
  const revoke = useAppStore((state) => state.revokeNexusMember)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <tr data-testid="nexus-member" data-member={member.name}>
      <td>
        <strong>{member.name}</strong>
        <div className="muted">channel mcp:{member.name}</div>
      </td>
      <td>
        {member.author}
        <div className="muted">{member.kind === 'agent' ? 'one of your agents' : 'external member'}</div>
      </td>
      <td>{member.token ? 'Required' : 'None (name only)'}</td>
      <td>
        {lastSeen(member)}
        <div className="muted">{member.unread === 0 ? 'Nothing unread' : `${member.unread} unread`}</div>
      </td>
      <td>
        {confirming ? (
          <span className="form-row">
            <Button
              size="small"
              variant="danger"
              onClick={() => {
                void revoke(member.name).then((result) => {
                  setConfirming(false)
                  setError(result.ok ? null : result.message)
                })
              }}
            >
              Revoke {member.name}
            </Button>
            <Button size="small" variant="ghost" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button size="small" onClick={() => setConfirming(true)} aria-label={`Revoke ${member.name}…`}>
            Revoke…
          </Button>
        )}
        {error !== null && <div className="field__error">{error}</div>}
      </td>
    </tr>
  )
}

/** Settings → Nexus members: the runtimes bound over MCP, binding a new one, its token, revoking. */
export function NexusMembersPanel(): ReactNode {
  const members = useAppStore(useShallow(selectNexusMembers))
  const error = useAppStore((state) => state.nexusTeamError)
  const load = useAppStore((state) => state.loadNexusMembers)
  useEffect(() => {
    void load()
  }, [load])
  return (
    <div data-testid="nexus-members">
      <p className="muted settings-note">
        Other runtimes — Claude Code, a Hermes or OpenClaw agent — join the Nexus over MCP (
        <code>hearth mcp</code>). A member has its own unread cursor and channel, keyed on its binding and
        token, never on the name its client reports. It posts as one of your agents or under a name of its
        own.
      </p>
      {error !== null && (
        <Banner tone="danger" title="The members could not be read">
          {error}
        </Banner>
      )}
      {members.length === 0 ? (
        <EmptyState title="No members yet">
          Bind a runtime below; until then MCP clients are guests that post under their own name.
        </EmptyState>
      ) : (
        <table className="nexus-members" aria-label="Nexus members">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Signs as</th>
              <th scope="col">Token</th>
              <th scope="col">Last seen</th>
              <th scope="col" aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow key={member.name} member={member} />
            ))}
          </tbody>
        </table>
      )}
      <h3 className="nexus-members__heading">Bind a runtime</h3>
      <BindMemberForm />
    </div>
  )
}
