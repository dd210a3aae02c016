import { createHash, timingSafeEqual } from 'node:crypto'
import type { AgentId } from '../../../shared/contract'

/** One `mcp.clients` entry of config.json: the client name bound to a Hearth agent. */
export interface McpClientBinding {
  readonly agent: string
  /** sha256 (hex) of the token the client must present; the token itself is never stored. */
  readonly tokenSha256?: string | undefined
}

/** Who is on the other end of an MCP session, as far as Hearth can tell. */
export interface McpIdentity {
  /** The client's name from the handshake, as a slug ("Claude Code" → "claude-code"). */
  readonly client: string
  /** The author its posts carry, or null when it may only read (see `refusal`). */
  readonly author: string | null
  /** Whether a binding in config.json vouched for it (name and, if set, token). */
  readonly bound: boolean
  /** The channel its posts carry: `mcp:<client>`. */
  readonly channel: string
  /** The key of its unread cursor: one per client, never shared with a Hearth agent's own. */
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
 * Decides who a client is. A token that matches a binding wins (the strongest proof); a bound
 * name without a token binding is that agent; a bound name whose binding wants a token the
 * client did not present may read but not post (it could be anyone calling itself that). An
 * unbound client posts under its own name, unless that name is a Hearth agent, `user`, or
 * bound to another client: then it may only read.
 */
export function resolveIdentity(inputs: IdentityInputs): McpIdentity {
  const client = clientSlug(inputs.clientName)
  const base = { client, channel: `mcp:${client}`, cursorKey: `mcp:${client}` }
  const presented = inputs.token ? sha256Hex(inputs.token) : undefined
  const byToken = presented
    ? Object.entries(inputs.bindings).find(
        ([, binding]) => binding.tokenSha256 && sameHash(binding.tokenSha256, presented)
      )
    : undefined
  if (byToken) return { ...base, author: byToken[1].agent, bound: true, refusal: null }
  const named = Object.hasOwn(inputs.bindings, client) ? inputs.bindings[client] : undefined
  if (named && !named.tokenSha256) return { ...base, author: named.agent, bound: true, refusal: null }
  if (named) {
    const why = inputs.token
      ? 'the token it presented does not match'
      : 'it presented no token (set HEARTH_MCP_TOKEN in its MCP server entry)'
    return {
      ...base,
      author: null,
      bound: false,
      refusal: `This client calls itself "${client}", which config.json binds to agent "${named.agent}" with a token, but ${why}. It may read the Nexus, not post.`
    }
  }
  const boundAgents = new Set(Object.values(inputs.bindings).map((binding) => binding.agent))
  if (client === 'user' || inputs.agentIds.some((id) => id === client) || boundAgents.has(client)) {
    return {
      ...base,
      author: null,
      bound: false,
      refusal: `This client calls itself "${client}", which is the name of a Hearth agent or the user. Bind it to that agent in config.json (mcp.clients) to post as it; until then it may read the Nexus, not post.`
    }
  }
  return { ...base, author: client, bound: false, refusal: null }
}
