import { createHash, timingSafeEqual } from 'node:crypto'
import type { AgentId } from '../../../shared/contract'
import { lookalikeOf, type TakenName } from '../../domain/nexus/lookalikeNames'

/** One `mcp.clients` entry of config.json: a member's name bound to the author it signs as. */
export interface McpClientBinding {
  /** A Hearth agent id, or an external member's own name. */
  readonly agent: string
  /** sha256 (hex) of the token the client must present; the token itself is never stored. */
  readonly tokenSha256?: string | undefined
  readonly external?: boolean | undefined
  readonly boundAt?: number | undefined
}

/** Who is on the other end of an MCP session, as far as Hearth can tell. */
export interface McpIdentity {
  /** The client's name from the handshake, as a slug ("Claude Code" → "claude-code"). */
  readonly client: string
  /** The binding that vouched for it (by token, or by name when the binding has none); null for a guest. */
  readonly member: string | null
  /** The author its posts carry, or null when it may only read (see `refusal`). */
  readonly author: string | null
  /** Whether a binding in config.json vouched for it (name and, if set, token). */
  readonly bound: boolean
  /** The channel its posts carry: `mcp:<member>` when bound, else `mcp:<client>`. */
  readonly channel: string
  /**
   * The key of its unread cursor: one per binding (two runtimes that both report "mcp" but hold
   * different tokens never share one), one per client name for a guest, never a Hearth agent's own.
   */
  readonly cursorKey: string
  /** Why it may not post, in a sentence that says how to fix it; null when it may. */
  readonly refusal: string | null
}

export interface IdentityInputs {
  /** clientInfo.name from the MCP handshake (self-reported, so never trusted alone for a bound name). */
  readonly clientName: string | undefined
  /** HEARTH_MCP_TOKEN (stdio) or the bearer token (HTTP), when the client presented one. */
  readonly token: string | undefined
  readonly bindings: Readonly<Record<string, McpClientBinding>>
  /** Hearth's own agent ids (an unbound client may not post under one of them). */
  readonly agentIds: readonly AgentId[]
}

/** The client's self-reported name as a channel/author slug, e.g. "Claude Code" → "claude-code". */
export function clientSlug(name: string | undefined): string {
  const slug = (name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 64)
  return slug === '' ? 'unknown' : slug
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/**
 * Decides who a client is. A token that matches a binding wins (the strongest proof, and the
 * only one that does not depend on the name the client reports); a bound name without a token
 * binding is that member; a bound name whose binding wants a token the client did not present
 * may read but not post (it could be anyone calling itself that). An unbound client is a guest
 * that posts under its own name, unless that name is a Hearth agent, `user`, or bound to
 * another member, or only looks like one of them (`e11a` for `ella`): then it may only read.
 * Each refusal says what to do next.
 */
export function resolveIdentity(inputs: IdentityInputs): McpIdentity {
  const client = clientSlug(inputs.clientName)
  const guest = { client, member: null, channel: `mcp:${client}`, cursorKey: `mcp:${client}` }
  const asMember = (name: string): Pick<McpIdentity, 'client' | 'member' | 'channel' | 'cursorKey'> => ({
    client,
    member: name,
    channel: `mcp:${name}`,
    cursorKey: `mcp:${name}`
  })
  const presented = inputs.token ? sha256Hex(inputs.token) : undefined
  const byToken = presented
    ? Object.entries(inputs.bindings).find(
        ([, binding]) => binding.tokenSha256 && sameHash(binding.tokenSha256, presented)
      )
    : undefined
  if (byToken) return { ...asMember(byToken[0]), author: byToken[1].agent, bound: true, refusal: null }
  if (presented)
    return {
      ...guest,
      author: null,
      bound: false,
      refusal: `The token this client presented matches no Nexus member: it was revoked or replaced. It may read the Nexus, not post. Ask for a new token in Settings → Nexus members (or \`hearth mcp bind NAME --agent ID --token\`) and put it in HEARTH_MCP_TOKEN or the HTTP bearer.`
    }
  const named = Object.hasOwn(inputs.bindings, client) ? inputs.bindings[client] : undefined
  if (named && !named.tokenSha256)
    return { ...asMember(client), author: named.agent, bound: true, refusal: null }
  if (named) {
    const why = 'it presented no token'
    return {
      ...guest,
      author: null,
      bound: false,
      refusal: `This client calls itself "${client}", which is bound to "${named.agent}" with a token, but ${why}. It may read the Nexus, not post. To post, put the member's token in HEARTH_MCP_TOKEN (stdio) or as the HTTP bearer; Settings → Nexus members issues a new one.`
    }
  }
  const boundAuthors = new Set(Object.values(inputs.bindings).map((binding) => binding.agent))
  if (client === 'user' || inputs.agentIds.some((id) => id === client) || boundAuthors.has(client)) {
    return {
      ...guest,
      author: null,
      bound: false,
      refusal: `This client calls itself "${client}", which is the name of a Hearth agent, a member or the user. It may read the Nexus, not post. To post as "${client}", bind it in Settings → Nexus members (or \`hearth mcp bind NAME --agent ${client} --token\`) and present the token.`
    }
  }
  const lookalike = lookalikeOf([inputs.clientName ?? '', client], takenNames(inputs))
  if (lookalike) {
    return {
      ...guest,
      author: null,
      bound: false,
      refusal: `This client calls itself ${JSON.stringify((inputs.clientName ?? client).slice(0, 64))}, which looks like "${lookalike.name}" (${lookalike.what}): in the Nexus its posts could pass for ${lookalike.name}'s. It may read the Nexus, not post. Give the client a name that does not look like an existing one, or bind it in Settings → Nexus members (or \`hearth mcp bind NAME --agent ID --token\`) and present the token.`
    }
  }
  return { ...guest, author: client, bound: false, refusal: null }
}

/** Every name a post could be mistaken for: the user, Hearth's agents, members and the authors they sign as. */
function takenNames(inputs: IdentityInputs): TakenName[] {
  const bound = Object.entries(inputs.bindings)
  return [
    { name: 'user', what: 'the user' },
    ...inputs.agentIds.map((id) => ({ name: id, what: 'a Hearth agent' })),
    ...bound.map(([name]) => ({ name, what: 'a Nexus member' })),
    ...bound.map(([, binding]) => ({ name: binding.agent, what: 'the author a member signs as' }))
  ]
}
