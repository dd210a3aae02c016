import type { AgentId, FileTarget } from '../../../../shared/contract'

/** The four files the Files section edits; `project-state` belongs to the Nexus feature. */
export type FileKind = 'soul' | 'memory' | 'user' | 'rules'

export interface FileTab {
  readonly kind: FileKind
  readonly key: string
  readonly label: string
  readonly hint: string
  readonly target: FileTarget | null
}

/** A stable key per file, so an agent's SOUL.md keeps its unsaved draft when you switch away. */
export function fileKey(target: FileTarget): string {
  switch (target.kind) {
    case 'soul':
    case 'memory':
      return `${target.kind}:${target.agentId}`
    case 'user':
      return 'user'
    case 'rules':
      return `rules:${target.projectDir}`
    case 'project-state':
      return 'project-state'
    case 'skill':
      return `skill:${target.path}`
  }
}

/**
 * The tabs of the Files section for the selected agent and project folder. A tab whose file
 * cannot be named yet (no agent, no folder picked) has a null target and says what is missing.
 */
export function fileTabs(agentId: AgentId | null, projectDir: string | null): readonly FileTab[] {
  const soul: FileTarget | null = agentId === null ? null : { kind: 'soul', agentId }
  const memory: FileTarget | null = agentId === null ? null : { kind: 'memory', agentId }
  const rules: FileTarget | null = projectDir === null ? null : { kind: 'rules', projectDir }
  return [
    tab('soul', 'SOUL.md', 'The persona of this agent', soul),
    tab('memory', 'MEMORY.md', 'Notes this agent keeps', memory),
    tab('user', 'USER.md', 'Your profile, shared by all agents', { kind: 'user' }),
    tab('rules', 'Project rules', 'The rules file of a project folder', rules)
  ]
}

function tab(kind: FileKind, label: string, hint: string, target: FileTarget | null): FileTab {
  return { kind, label, hint, target, key: target === null ? `${kind}:none` : fileKey(target) }
}
