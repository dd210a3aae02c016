import type { ScanFinding } from '../../shared/contract'
import { findThreats } from '../domain/prompt/scanner'
import { indexText, skillFromMarkdown, skillIndexLine, type SkillEntry } from '../domain/prompt/skills'
import { locate } from './skillsIndex'

/** A SKILL.md as the skills index reads it, from its path inside the skills folder and its text. */
export function skillEntryOf(relPath: string, text: string): SkillEntry {
  return skillFromMarkdown(...locate(relPath.split('/')), text, relPath)
}

/**
 * The scanner's findings in a SKILL.md, as skill_view scans it when an agent loads the skill:
 * a blocking one makes the tool hand back a [BLOCKED] notice instead of the instructions.
 */
export function skillFindings(text: string): ScanFinding[] {
  return findThreats(text, 'context')
}

/** The lines a listed skill adds to the index: its category's heading and its own entry. */
export function skillIndexLines(skill: SkillEntry): string {
  return `  ${indexText(skill.category, 120)}:\n${skillIndexLine(skill)}`
}

/** Why a skill's frontmatter keeps it out of every index, in words; null when it does not. */
export function indexBlockedReason(skill: SkillEntry): string | null {
  return skill.blocked.length === 0
    ? null
    : `Left out of the skills index: the injection scanner matched ${skill.blocked.join(', ')} in its frontmatter or folder names.`
}

/** What skill_view does with a SKILL.md that has blocking findings, in words. */
export const SKILL_BLOCKED_ON_LOAD =
  'When an agent loads this skill, skill_view hands it a [BLOCKED] notice instead of these instructions.'
