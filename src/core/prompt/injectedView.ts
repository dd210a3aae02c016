import { basename } from 'node:path'
import type { AgentId, FileTarget, InjectedView, MemoryTarget, TrustState } from '../../shared/contract'
import { estimateTokens } from '../../shared/util/tokens'
import { renderIdentity, renderRules, type RenderedFile } from '../domain/prompt/contextFiles'
import { renderMemorySnapshot } from '../domain/prompt/memorySnapshot'
import type { LayerFinding, RulesKind, SourceFile } from '../domain/prompt/promptTypes'
import { normalizeText } from '../domain/prompt/text'
import { contextWindowOf } from '../domain/models/modelTable'
import { fileCharCap } from '../domain/prompt/truncate'
import type { HearthConfig } from '../home/config'
import { defaultSoul } from '../home/defaultTexts'
import type { InjectedViewProvider } from '../services/fileService'
import { trustState } from '../domain/prompt/trust'
import { withoutStarterText } from './promptService'
import {
  SKILL_BLOCKED_ON_LOAD,
  indexBlockedReason,
  skillEntryOf,
  skillFindings,
  skillIndexLines
} from './skillPreview'
import { blockingFindings } from '../domain/prompt/scanner'
import type { TrustLookup } from './trustStore'

/** The agents the view names a default identity after. */
interface AgentNames {
  get(id: AgentId): { readonly name: string }
}

/** The Files view's injected-view provider: built from the agents, the live config and the user's trust. */
export function injectedViewProvider(
  agents: AgentNames,
  config: () => HearthConfig,
  trust?: TrustLookup
): InjectedViewProvider {
  return (target, rawText, path) => injectedViewFor({ agents, config, trust }, target, rawText, path)
}

interface ViewDeps {
  readonly agents: AgentNames
  readonly config: () => HearthConfig
  readonly trust: TrustLookup | undefined
}

/** The pieces of the user's file the user trusted (none for a file of the project folder). */
function trustedIn(deps: ViewDeps, target: FileTarget, text: string): ReadonlySet<string> {
  if (deps.trust === undefined) return new Set()
  switch (target.kind) {
    case 'soul':
    case 'memory':
      return deps.trust.trustedTexts(target.agentId, { [target.kind]: text })[target.kind]
    case 'user':
      return deps.trust.trustedTexts(null, { user: text }).user
    case 'rules':
    case 'skill':
    case 'project-state':
      return new Set()
  }
}

/**
 * What the prompt takes from one file as the editor currently holds it (after scanning and
 * truncation), so the Files view can show it side by side with the source.
 */
function injectedViewFor(
  deps: ViewDeps,
  target: FileTarget,
  rawText: string,
  path: string
): InjectedView | null {
  const settings = deps.config()
  const cap = fileCharCap(settings.context_file_max_chars, contextWindowOf(settings.model))
  const text = normalizeText(rawText)
  const source: SourceFile = { path, label: basename(path), text, error: null }
  const trusted = trustedIn(deps, target, text)
  switch (target.kind) {
    case 'soul': {
      const identity = defaultSoul(deps.agents.get(target.agentId).name)
      const rendered = renderIdentity(source, identity, cap, trusted.has(text.trim()))
      return fromRendered(rendered, trustState('soul', text, trusted))
    }
    case 'memory':
      return fromMemory('memory', source, settings.memory.memoryCharLimit, trusted)
    case 'user':
      return fromMemory('user', withoutStarterText(source) ?? source, settings.memory.userCharLimit, trusted)
    case 'rules': {
      const rendered = renderRules({ kind: rulesKind(source.label), files: [source] }, cap)
      return rendered ? fromRendered(rendered, 'none') : { text: '', tokens: 0, warnings: [], trust: 'none' }
    }
    case 'skill':
      return skillView(target.path, source.text ?? '')
    case 'project-state':
      return null
  }
}

/** A skill's entry in the index, as the file stands, and what the scanner says of its text. */
function skillView(relPath: string, text: string): InjectedView {
  const skill = skillEntryOf(relPath, text)
  const blocked = indexBlockedReason(skill)
  const findings = blockingFindings(skillFindings(text)).map((hit) => ({ ...hit, source: relPath }))
  const lines = blocked === null ? skillIndexLines(skill) : ''
  return {
    text: lines,
    tokens: estimateTokens(lines),
    warnings: [
      ...(blocked === null ? [] : [blocked]),
      ...(findings.length === 0 ? [] : [SKILL_BLOCKED_ON_LOAD, ...findingLines(findings)])
    ],
    // A skill comes from elsewhere: never offered to trust.
    trust: 'none'
  }
}

function rulesKind(name: string): RulesKind {
  if (name === '.hearth.md' || name === 'HEARTH.md') return 'hearth'
  if (name === '.hermes.md' || name === 'HERMES.md') return 'hermes'
  if (name === '.cursorrules') return 'cursor'
  return name.toLowerCase() === 'claude.md' ? 'claude' : 'agents'
}

function fromMemory(
  target: MemoryTarget,
  file: SourceFile,
  limit: number,
  trusted: ReadonlySet<string>
): InjectedView {
  const snapshot = renderMemorySnapshot(target, file.text ?? '', limit, trusted)
  const findings = snapshot.findings.map((hit) => ({ ...hit, source: file.path }))
  return {
    text: snapshot.text,
    tokens: estimateTokens(snapshot.text),
    warnings: [...snapshot.warnings, ...findingLines(findings)],
    trust: trustState(target, file.text ?? '', trusted)
  }
}

function fromRendered(rendered: RenderedFile, trust: TrustState): InjectedView {
  const text = rendered.text.trim()
  return {
    text,
    tokens: estimateTokens(text),
    warnings: [...rendered.warnings, ...findingLines(rendered.findings)],
    trust
  }
}

/** "Line 4 matched role_hijack: You are now …" — the UI shows exactly which line tripped it. */
export function findingLines(findings: readonly LayerFinding[]): string[] {
  return findings.map(
    (hit) =>
      `Line ${hit.line} ${hit.severity === 'warn' ? 'names' : 'matched'} ${hit.id}: ${hit.lineText.trim()}`
  )
}
