import type { SessionPromptLayer } from '../../../../shared/contract'
import type { FileKind } from '../files/fileTargets'
import { baseName } from './projectRules'

/** One part of a chat's frozen prompt that was kept from the model or cut: what, why, where to fix it. */
export interface LeftOutLayer {
  readonly id: string
  /** The file or part of the prompt, as the user knows it. */
  readonly name: string
  /** One sentence each, naming the file: what was left out or cut, and why. */
  readonly reasons: readonly string[]
  /** The Files tab where it is fixed, or null when it is not a file Files edits. */
  readonly fixIn: FileKind | null
}

const NAMES: Readonly<Record<string, string>> = {
  identity: 'SOUL.md',
  memory: 'MEMORY.md',
  user: 'USER.md',
  skills: 'The skills index',
  environment: 'The environment hint',
  platform: 'The platform hint',
  project: 'The project folder line',
  session: 'The session line'
}

const FIX_IN: Readonly<Record<string, FileKind>> = {
  identity: 'soul',
  memory: 'memory',
  user: 'user',
  rules: 'rules'
}

/** The layers of a session's prompt that lost something to the scanner or to the size cap. */
export function leftOutLayers(layers: readonly SessionPromptLayer[]): LeftOutLayer[] {
  return layers
    .filter((layer) => layer.blocked.length > 0 || layer.truncated)
    .map((layer) => ({
      id: layer.id,
      name: layerName(layer),
      reasons:
        layer.withheld.length > 0
          ? layer.withheld
          : [`${layerName(layer)} was blocked by the injection scanner (${layer.blocked.join(', ')}).`],
      fixIn: FIX_IN[layer.id] ?? null
    }))
}

function layerName(layer: SessionPromptLayer): string {
  if (layer.id === 'rules' && layer.source !== null) return baseName(layer.source)
  if (layer.id.startsWith('provider.')) return `The ${layer.id.slice('provider.'.length)} memory provider`
  return NAMES[layer.id] ?? layer.id
}
