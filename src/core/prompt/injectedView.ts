import { basename } from 'node:path'
import type { AgentId, FileTarget, InjectedView, MemoryTarget } from '../../shared/contract'
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
import { withoutStarterText } from './promptService'
import {
  SKILL_BLOCKED_ON_LOAD,
  indexBlockedReason,
  skillEntryOf,
  skillFindings,
  skillIndexLines
} from './skillPreview'
import { blockingFindings } from '../domain/prompt/scanner'

/** The agents the view names a default identity after. */
interface AgentNames {
  get(id: AgentId): { readonly name: string }
}

/** The Files view's injected-view provider: built from the agents and the live config only. */
export function injectedViewProvider(agents: AgentNames, config: () => HearthConfig): InjectedViewProvider {
  return (target, rawText, path) => injectedViewFor(agents, config, target, rawText, path)
}

/**
 * What the prompt takes from one file as the editor currently holds it (after scanning and
 * truncation), so the Files view can show it side by side with the source.
 */
function injectedViewFor(
  agents: AgentNames,
  config: () => HearthConfig,
  target: FileTarget,
  rawText: string,
  path: string
): InjectedView | null {
  const settings = config()
  const cap = fileCharCap(settings.context_file_max_chars, contextWindowOf(settings.model))
  const source: SourceFile = { path, label: basename(path), text: normalizeText(rawText), error: null }
  switch (target.kind) {
    case 'soul':
      return fromRendered(renderIdentity(source, defaultSoul(agents.get(target.agentId).name), cap), [])
    case 'memory':
      return fromMemory('memory', source, settings.memory.memoryCharLimit)
    case 'user':
      return fromMemory('user', withoutStarterText(source) ?? source, settings.memory.userCharLimit)
    case 'rules': {
      const rendered = renderRules({ kind: rulesKind(source.label), files: [source] }, cap)
      return rendered ? fromRendered(rendered, []) : { text: '', tokens: 0, warnings: [] }
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
    ]
  }
}

function rulesKind(name: string): RulesKind {
  if (name === '.hearth.md' || name === 'HEARTH.md') return 'hearth'
  if (name === '.hermes.md' || name === 'HERMES.md') return 'hermes'
  if (name === '.cursorrules') return 'cursor'
  return name.toLowerCase() === 'claude.md' ? 'claude' : 'agents'
}

function fromMemory(target: MemoryTarget, file: SourceFile, limit: number): InjectedView {
  const snapshot = renderMemorySnapshot(target, file.text ?? '', limit)
  const findings = snapshot.findings.map((hit) => ({ ...hit, source: file.path }))
  return {
    text: snapshot.text,
    tokens: estimateTokens(snapshot.text),
    warnings: [...snapshot.warnings, ...findingLines(findings)]
  }
}

function fromRendered(rendered: RenderedFile, extra: readonly string[]): InjectedView {
  const text = rendered.text.trim()
  return {
    text,
    tokens: estimateTokens(text),
    warnings: [...rendered.warnings, ...findingLines(rendered.findings), ...extra]
  }
}

/** "Line 4 matched role_hijack: You are now …" — the UI shows exactly which line tripped it. */
export function findingLines(findings: readonly LayerFinding[]): string[] {
  return findings.map((hit) => `Line ${hit.line} matched ${hit.id}: ${hit.lineText.trim()}`)
}
