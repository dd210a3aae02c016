import type { SessionPromptLayer } from '../../../../shared/contract'

/** The project rules file a prompt loaded, as the chat header names it. */
export interface RulesInfo {
  readonly path: string
  readonly blocked: boolean
  readonly truncated: boolean
}

/** The rules layer of a prompt (session or preview), or null when no rules file loaded. */
export function rulesOf(
  layers: readonly Pick<SessionPromptLayer, 'id' | 'source' | 'chars' | 'blocked' | 'truncated'>[]
): RulesInfo | null {
  const layer = layers.find((candidate) => candidate.id === 'rules' && candidate.source !== null)
  if (layer === undefined || layer.source === null || (layer.chars === 0 && layer.blocked.length === 0))
    return null
  return { path: layer.source, blocked: layer.blocked.length > 0, truncated: layer.truncated }
}

/** The last part of a path (the file or folder name), for a compact label. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path
}
