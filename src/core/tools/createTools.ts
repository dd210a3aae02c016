import { contextWindowOf } from '../domain/models/modelTable'
import type { EventHub } from '../events'
import type { ConfigStore } from '../home/configStore'
import type { Clock } from '../ports/clock'
import type { Logger } from '../ports/logger'
import type { SecretStore } from '../ports/secretStore'
import { registerBuiltinTools, type BuiltinToolServices } from './builtinTools'
import { EventConfirmationPort } from './eventConfirmationPort'
import { ToolRegistry } from './registry'
import { ToolsService } from './toolsService'
import type { ConfirmationPort } from './toolTypes'
import { approveAllConfirmations, denyAllConfirmations } from './untrustedGate'
import type { AgentId } from '../../shared/contract'

export interface CreateToolsDeps extends BuiltinToolServices {
  readonly config: ConfigStore
  readonly agents: { get(id: AgentId): unknown }
  readonly events: EventHub
  readonly clock: Clock
  readonly host: 'electron' | 'web' | 'cli'
  /** Approve gated calls without asking (`hearth chat --yes`). */
  readonly approveGatedTools?: boolean
  readonly log: Logger
  readonly version: string
  /** Where remote MCP servers' header values are kept. */
  readonly secrets: SecretStore
  /** For `${VAR}` in MCP server entries. */
  readonly env: Readonly<Record<string, string | undefined>>
}

/**
 * Builds the tool layer for one core (the composition root calls this once). The desktop and
 * web hosts ask the user through `tools.confirmationRequested`; the CLI has nobody to ask, so
 * it denies gated calls unless the command said yes up front (`hearth chat --yes`).
 */
export function createTools(deps: CreateToolsDeps): ToolsService {
  const registry = new ToolRegistry(deps.clock)
  registerBuiltinTools(registry, deps)
  return new ToolsService({
    registry,
    config: deps.config,
    contextWindow: contextWindowOf,
    version: deps.version,
    events: deps.events,
    secrets: deps.secrets,
    env: deps.env,
    now: () => deps.clock.now(),
    confirmation: confirmationFor(deps),
    log: deps.log,
    assertAgent: (agentId) => {
      deps.agents.get(agentId)
    }
  })
}

function confirmationFor(deps: CreateToolsDeps): ConfirmationPort {
  if (deps.approveGatedTools === true) return approveAllConfirmations
  return deps.host === 'cli' ? denyAllConfirmations : new EventConfirmationPort(deps.events)
}
