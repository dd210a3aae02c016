import { estimateTokens } from '../../../shared/util/tokens'
import { renderIdentity, renderRules, type RenderedFile } from './contextFiles'
import { blockedMarker } from './withhold'
import { sessionLine } from './dateLine'
import { environmentHint, projectFolderLine } from './environmentHints'
import { PARALLEL_TOOL_GUIDANCE, TASK_COMPLETION_GUIDANCE, toolGuidance } from './guidance'
import { renderMemorySnapshot, type MemoryTarget } from './memorySnapshot'
import { modelFamilyGuidance } from './modelGuidance'
import { platformHint } from './platformHints'
import type { PromptBuild, PromptLayerDetail, PromptSources, SourceFile, Tier } from './promptTypes'
import { blockingFindings, findThreats } from './scanner'
import { renderSkillsIndex } from './skills'
import { NOTHING_TRUSTED } from './trust'

/** A layer before offsets are known. */
type Draft = Omit<PromptLayerDetail, 'start' | 'end' | 'chars' | 'tokens'> & { readonly text: string }

export const TIERS: readonly Tier[] = ['stable', 'context', 'volatile']
const JOIN = '\n\n'

function draft(
  id: string,
  tier: Tier,
  text: string,
  source: string | null = null,
  file?: RenderedFile
): Draft {
  return {
    id,
    tier,
    source,
    text: (file?.text ?? text).trim(),
    truncated: file?.truncation != null,
    blocked: file?.blocked ?? [],
    warnings: file?.warnings ?? [],
    withheld: file?.withheld ?? [],
    findings: file?.findings ?? [],
    truncation: file?.truncation ?? null
  }
}

/**
 * A layer whose text comes from outside Hearth's own code (paths, config overrides, provider
 * blocks, model names) is scanned like a file: the scanner sees every byte that reaches the model.
 */
function guarded(id: string, tier: Tier, text: string, label: string): Draft {
  const hits = blockingFindings(findThreats(text, 'context'))
  if (hits.length === 0) return draft(id, tier, text)
  const ids = hits.map((hit) => hit.id)
  const warning = `${label} was not loaded: the injection scanner matched ${ids.join(', ')}.`
  return draft(id, tier, '', null, {
    text: blockedMarker(label, ids),
    blocked: ids,
    findings: hits.map((hit) => ({ ...hit, source: null })),
    truncation: null,
    warnings: [warning],
    withheld: [warning]
  })
}

function stableDrafts(sources: PromptSources): Draft[] {
  const tools = sources.toolNames
  const body = sources.soul?.text?.trim() ?? ''
  const trusted = (sources.trusted ?? NOTHING_TRUSTED).soul.has(body)
  const identity = renderIdentity(sources.soul, sources.defaultIdentity, sources.fileCap, trusted)
  const hasTools = tools.length > 0
  const skills =
    tools.includes('skill_view') && sources.skills
      ? renderSkillsIndex(sources.skills, sources.osPlatform, sources.skillsDisabled)
      : null
  return [
    draft('identity', 'stable', '', identity.fromFile ? (sources.soul?.path ?? null) : null, identity),
    draft('guidance.task', 'stable', hasTools ? TASK_COMPLETION_GUIDANCE : ''),
    draft('guidance.parallel', 'stable', hasTools ? PARALLEL_TOOL_GUIDANCE : ''),
    draft('guidance.tools', 'stable', toolGuidance(tools)),
    draft(
      'guidance.model',
      'stable',
      modelFamilyGuidance(sources.model, tools.length, sources.toolUseEnforcement)
    ),
    draft(
      'skills',
      'stable',
      '',
      null,
      skills ? { ...skills, findings: [], truncation: null, withheld: skills.warnings } : undefined
    ),
    guarded('environment', 'stable', environmentHint(sources.environment), 'The environment hint'),
    guarded('platform', 'stable', platformHint(sources.platform, sources.platformHints), 'The platform hint')
  ]
}

function contextDrafts(sources: PromptSources): Draft[] {
  const rules = renderRules(sources.rules, sources.fileCap)
  const primary = sources.rules?.files[0]?.path ?? null
  return [
    guarded('project', 'context', projectFolderLine(sources.cwd), 'The project folder line'),
    draft('rules', 'context', '', primary, rules ?? undefined)
  ]
}

function memoryDraft(
  target: MemoryTarget,
  file: SourceFile | null,
  limit: number,
  trusted: ReadonlySet<string>
): Draft {
  const snapshot = renderMemorySnapshot(target, file?.text ?? '', limit, trusted)
  const warnings = [...(file?.error ? [file.error] : []), ...snapshot.warnings]
  const findings = snapshot.findings.map((hit) => ({ ...hit, source: file?.path ?? null }))
  const blocked = [...new Set(findings.map((hit) => hit.id))]
  const withheld = snapshot.withheld
  return {
    ...draft(target, 'volatile', snapshot.text, file?.path ?? null),
    warnings,
    withheld,
    findings,
    blocked
  }
}

function volatileDrafts(sources: PromptSources): Draft[] {
  const trusted = sources.trusted ?? NOTHING_TRUSTED
  return [
    memoryDraft('memory', sources.memory, sources.memoryCharLimit, trusted.memory),
    memoryDraft('user', sources.user, sources.userCharLimit, trusted.user),
    ...sources.providerBlocks.map((block) =>
      guarded(`provider.${block.id}`, 'volatile', block.text, `The ${block.id} memory provider's block`)
    ),
    guarded(
      'session',
      'volatile',
      sessionLine(sources.now, sources.model, sources.provider, sources.timeZone),
      'The session line'
    )
  ]
}

/**
 * Assembles the system prompt: stable → context → volatile, each part trimmed, empty parts
 * dropped, everything joined with a blank line. Pure and deterministic: the same sources give
 * the same bytes, and a change to MEMORY.md or USER.md only touches the volatile tier, so the
 * cached stable+context prefix survives it. Each layer reports its [start, end) offsets.
 */
export function assemblePrompt(sources: PromptSources): PromptBuild {
  const all = [...stableDrafts(sources), ...contextDrafts(sources), ...volatileDrafts(sources)]
  const kept = all.filter((layer) => layer.text !== '')
  const layers: PromptLayerDetail[] = []
  const tiers: Record<Tier, string> = { stable: '', context: '', volatile: '' }
  const tierOffsets: Partial<Record<Tier, readonly [number, number]>> = {}
  let text = ''
  for (const tier of TIERS) {
    const inTier = kept.filter((layer) => layer.tier === tier)
    if (inTier.length === 0) continue
    if (text !== '') text += JOIN
    const tierStart = text.length
    for (const [index, layer] of inTier.entries()) {
      if (index > 0) text += JOIN
      const { text: layerText, ...rest } = layer
      layers.push({
        ...rest,
        chars: layerText.length,
        tokens: estimateTokens(layerText),
        start: text.length,
        end: text.length + layerText.length
      })
      text += layerText
    }
    tiers[tier] = text.slice(tierStart)
    tierOffsets[tier] = [tierStart, text.length]
  }
  const skipped = all.filter((layer) => layer.text === '').flatMap((layer) => layer.warnings)
  const warnings = [...sources.gatherWarnings, ...layers.flatMap((layer) => layer.warnings), ...skipped]
  return { text, tiers, tierOffsets, layers, warnings: [...new Set(warnings)], tokens: estimateTokens(text) }
}

/**
 * The system text for one API call: the stored prompt plus a per-call ephemeral note. The
 * result is never stored, so the saved prompt (and its cache prefix) stays unchanged.
 */
export function withEphemeral(text: string, ephemeral: string | null | undefined): string {
  const extra = ephemeral?.trim() ?? ''
  return extra === '' ? text : `${text}${JOIN}${extra}`.trim()
}
