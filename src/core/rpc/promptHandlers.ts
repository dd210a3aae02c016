import type { AssembledPromptView } from '../../shared/contract/prompt'
import type { promptMethods } from '../../shared/contract/prompt'
import type { CoreServices } from '../coreServices'
import { findThreats } from '../domain/prompt/scanner'
import { normalizeText } from '../domain/prompt/text'
import type { AssembledPrompt } from '../prompt/promptService'
import type { FeatureHandlers } from './foundationHandlers'

/** The wire shape of an assembled prompt (the request's fields flattened beside the build). */
export function toPromptView(built: AssembledPrompt): AssembledPromptView {
  const { request, ...rest } = built
  return {
    ...rest,
    tiers: { ...rest.tiers },
    tierOffsets: Object.fromEntries(
      Object.entries(rest.tierOffsets).map(([tier, range]) => [tier, [...(range ?? [0, 0])]])
    ),
    layers: rest.layers.map((layer) => ({
      ...layer,
      blocked: [...layer.blocked],
      warnings: [...layer.warnings],
      withheld: [...layer.withheld],
      findings: [...layer.findings]
    })),
    warnings: [...rest.warnings],
    agentId: request.agentId,
    cwd: request.cwd,
    model: request.model,
    provider: request.provider,
    platform: request.platform,
    toolNames: [...request.toolNames]
  }
}

export function promptHandlers(services: CoreServices): FeatureHandlers<typeof promptMethods> {
  return {
    'prompt.assemble': async (input) => toPromptView(await services.prompts.assemble(input)),
    'prompt.scan': async ({ text, scope }) => ({ findings: findThreats(normalizeText(text), scope) })
  }
}
