import { z } from 'zod'
import { method } from './define'
import { AgentId } from './ids'
import { ScanFinding } from './prompt'

/** A SKILL.md named by its path inside the skills folder, never an absolute path and never `..`. */
export function isSkillFilePath(path: string): boolean {
  const parts = path.split('/')
  return (
    parts.at(-1) === 'SKILL.md' &&
    parts.every(
      (part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\') && !/\p{Cc}/u.test(part)
    )
  )
}

export const SkillFilePath = z
  .string()
  .max(1024)
  .refine(isSkillFilePath, 'A skill is named by the path of its SKILL.md inside the skills folder')

/**
 * A new skill's folder name, and a category's: lowercase letters, digits and hyphens, as
 * agentskills.io names a skill (the folder name doubles as the name skill_view loads).
 */
export const SkillSlug = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
    'Use lowercase letters, digits and hyphens (at most 64, no hyphen at either end)'
  )

/** Where a skill stands in the agent's skills index: listed, or why it is not. */
export const SkillIndexState = z.enum(['listed', 'disabled', 'other-platform', 'blocked', 'shadowed'])
export type SkillIndexState = z.infer<typeof SkillIndexState>

export const SkillInfo = z.object({
  path: SkillFilePath,
  category: z.string(),
  dirName: z.string(),
  /** As the index lists it: frontmatter `name`, else the folder name. */
  name: z.string(),
  /** As the index lists it (at most 60 characters). */
  description: z.string(),
  platforms: z.array(z.string()),
  /** Estimated tokens of SKILL.md: what skill_view hands the model when the agent loads the skill. */
  tokens: z.number().int().nonnegative(),
  /** Estimated tokens of the skill's line in the index, paid in every prompt; 0 when not listed. */
  indexTokens: z.number().int().nonnegative(),
  state: SkillIndexState,
  /** Who switched it off: this agent only, or every agent (`skills.disabled` in config.json). */
  disabledBy: z.enum(['agent', 'everyone']).nullable(),
  /** Scanner ids matched in the frontmatter or folder names: the skill is left out of the index. */
  indexBlocked: z.array(z.string()),
  /** Scanner findings in SKILL.md; a blocking one makes skill_view return a [BLOCKED] notice instead. */
  findings: z.array(ScanFinding),
  /** Set when SKILL.md could not be read as text. */
  readError: z.string().nullable()
})
export type SkillInfo = z.infer<typeof SkillInfo>

export const SkillsView = z.object({
  agentId: AgentId,
  /** The skills folder on disk. */
  folder: z.string(),
  /** Whether the agent has skill_view: without it no skills index reaches its prompt. */
  toolEnabled: z.boolean(),
  skills: z.array(SkillInfo),
  /** The skills layer of the prompt a new chat of this agent gets, exactly ('' when it has none). */
  index: z.object({ text: z.string(), tokens: z.number().int().nonnegative() }),
  /** Links out of the skills folder that were not followed, and the like. */
  warnings: z.array(z.string())
})
export type SkillsView = z.infer<typeof SkillsView>

export const skillsMethods = {
  /** Every skill in the skills folder as the agent's index sees it, and the index it gets. */
  'skills.list': method(z.object({ agentId: AgentId }), SkillsView),
  /**
   * Creates `<category>/<name>/SKILL.md` (or `<name>/SKILL.md`) with its frontmatter; refused when
   * a skill folder of that name exists. Its text is then edited as a file (`files.write`).
   */
  'skills.create': method(
    z.object({
      name: SkillSlug,
      category: SkillSlug.nullable(),
      description: z.string().trim().min(1, 'Say in a few words when the agent should use it').max(1024)
    }),
    z.object({ path: SkillFilePath })
  ),
  /** Switches a skill on or off for one agent; new chats of the agent get the changed index. */
  'skills.setEnabled': method(
    z.object({ agentId: AgentId, path: SkillFilePath, enabled: z.boolean() }),
    SkillsView
  )
} as const
