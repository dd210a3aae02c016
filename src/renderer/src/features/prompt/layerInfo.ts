import type { PromptLayer, PromptTier } from '../../../../shared/contract'
import type { FileKind } from '../files/fileTargets'

/** Human names for the layer ids the assembler reports. */
const LAYER_LABELS: Readonly<Record<string, string>> = {
  identity: 'Identity',
  'guidance.task': 'Finishing the job',
  'guidance.parallel': 'Parallel tool calls',
  'guidance.tools': 'Tool guidance',
  'guidance.model': 'Model-family guidance',
  skills: 'Skills index',
  environment: 'Environment',
  platform: 'Platform hint',
  project: 'Project folder',
  rules: 'Project rules',
  memory: 'MEMORY.md snapshot',
  user: 'USER.md snapshot',
  session: 'Date, model, provider'
}

export const TIER_LABELS: Readonly<Record<PromptTier, string>> = {
  stable: 'Stable — same for every session of this agent',
  context: 'Context — this project folder',
  volatile: 'Volatile — frozen at session start'
}

export function layerLabel(layer: PromptLayer): string {
  if (layer.id.startsWith('provider.')) return `Memory provider: ${layer.id.slice('provider.'.length)}`
  return LAYER_LABELS[layer.id] ?? layer.id
}

/** The Files tab that edits the file a layer came from, or null for built-in text. */
export function fileKindOf(layer: PromptLayer): FileKind | null {
  if (layer.source === null) return null
  switch (layer.id) {
    case 'identity':
      return 'soul'
    case 'memory':
      return 'memory'
    case 'user':
      return 'user'
    case 'rules':
      return 'rules'
    default:
      return null
  }
}

/** The last path segment, for compact display (the full path is in the title). */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}
