/**
 * Model-family guidance. Some model families tend to describe an action instead of calling the
 * tool for it; for those, an explicit "use your tools" block is added. Claude needs nothing
 * extra by default. Nothing at all is added when the session has no tools.
 */
export type ToolUseEnforcement = 'auto' | boolean | readonly string[]

/** Families that get the enforcement block under `auto`. */
export const ENFORCED_FAMILIES: readonly string[] = [
  'gpt',
  'codex',
  'gemini',
  'gemma',
  'grok',
  'glm',
  'qwen',
  'deepseek'
]

export const TOOL_USE_ENFORCEMENT = `# Acting with tools
When a task needs an action — reading, searching, saving, posting — call the tool in this turn. Never say you will do something, or claim you did it, without the tool call that does it. Keep calling tools until the task is done or you need the user.`

export const GOOGLE_FAMILY_GUIDANCE = `# Working style
- Check a fact with a tool rather than from memory when a tool can answer it.
- Use the exact names, paths and values you were given; do not invent arguments.
- Make independent tool calls together, then check each result before the next step.
- Keep replies short and concrete.`

export const OPENAI_FAMILY_GUIDANCE = `# Execution discipline
- Keep going with tools until the job is complete; do not stop at a plan.
- When a tool is the only way to know something, call it instead of asking the user or guessing.
- Prefer acting over asking permission for safe, reversible steps.
- Before an action, check what it depends on; after it, verify the result.
- If context is missing, look for it with your tools first; ask only when it cannot be found.`

/** Unknown config values behave like `auto` (the safe default). */
function enforcementApplies(model: string, setting: unknown): boolean {
  const name = model.toLowerCase()
  if (setting === true) return true
  if (setting === false) return false
  if (Array.isArray(setting))
    return setting.some(
      (part) => typeof part === 'string' && part !== '' && name.includes(part.toLowerCase())
    )
  if (typeof setting === 'string') {
    const word = setting.trim().toLowerCase()
    if (['true', 'always', 'yes', 'on'].includes(word)) return true
    if (['false', 'never', 'no', 'off'].includes(word)) return false
  }
  return ENFORCED_FAMILIES.some((family) => name.includes(family))
}

/**
 * The model-family blocks for a session: the enforcement block, plus family extras only when
 * enforcement applies (Google: gemini/gemma; OpenAI-style: gpt/codex/grok).
 */
export function modelFamilyGuidance(model: string, toolCount: number, setting: unknown): string {
  if (toolCount === 0 || !enforcementApplies(model, setting)) return ''
  const name = model.toLowerCase()
  const parts = [TOOL_USE_ENFORCEMENT]
  if (name.includes('gemini') || name.includes('gemma')) parts.push(GOOGLE_FAMILY_GUIDANCE)
  if (['gpt', 'codex', 'grok'].some((family) => name.includes(family))) parts.push(OPENAI_FAMILY_GUIDANCE)
  return parts.join('\n\n')
}
