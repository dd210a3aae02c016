import type { AgentId, FileTarget } from '../../../shared/contract'
import type { BuiltPrompt } from '../../ports/promptBuilder'
import type { PromptReport, SessionRecord } from '../chatTypes'

/** The layer of a system prompt that one user-editable file is built into, and whose prompts read it. */
export interface PromptFileRef {
  readonly layerId: 'identity' | 'memory' | 'user' | 'rules' | 'skills'
  /** Only this agent's sessions read the file; null for files every agent reads (USER.md, a project's rules). */
  readonly agentId: AgentId | null
  /** Where the file is: a rules file reaches only the sessions whose project folder loads it. */
  readonly path: string
}

/** What a file of the Files screen feeds into a session's prompt; null for a file no prompt reads. */
export function promptFileOf(target: FileTarget, path: string): PromptFileRef | null {
  switch (target.kind) {
    case 'soul':
      return { layerId: 'identity', agentId: target.agentId, path }
    case 'memory':
      return { layerId: 'memory', agentId: target.agentId, path }
    case 'user':
      return { layerId: 'user', agentId: null, path }
    case 'rules':
      return { layerId: 'rules', agentId: null, path }
    case 'skill':
      // Every agent with skill_view lists it; what its index line says is what counts.
      return { layerId: 'skills', agentId: null, path }
    case 'project-state':
      return null
  }
}

/** The text one layer holds in a prompt; '' when the layer was left out as empty. */
export function layerText(text: string, report: Pick<PromptReport, 'layers'>, layerId: string): string {
  const layer = report.layers.find((candidate) => candidate.id === layerId)
  return layer === undefined ? '' : text.slice(layer.start, layer.end)
}

/** A rules file counts for a session only when its project folder loads that file (before or after the edit). */
export function mayReadFile(file: PromptFileRef, session: SessionRecord): boolean {
  return file.layerId !== 'rules' || session.cwd !== null
}

/**
 * True when the session's frozen prompt no longer holds what the file gives a prompt built now:
 * the saved change waits for the next session, or for a rebuild. Compared layer by layer, so a
 * new date line or another file's edit never counts against this one.
 */
export function isBehindFile(file: PromptFileRef, session: SessionRecord, fresh: BuiltPrompt): boolean {
  if (file.layerId === 'rules' && !loadsFile(session.promptReport, file) && !loadsFile(fresh, file))
    return false
  const frozen = layerText(session.systemPrompt, session.promptReport, file.layerId)
  return frozen !== layerText(fresh.text, fresh, file.layerId)
}

function loadsFile(report: Pick<PromptReport, 'layers'>, file: PromptFileRef): boolean {
  return report.layers.some((layer) => layer.id === file.layerId && layer.source === file.path)
}
