/**
 * Behavioural guidance, Hearth's own words. Each tool's note is added only when that tool is
 * loaded for the session, so an agent is never told about a tool it cannot call. The texts are
 * short on purpose: every token here is paid on every session of every agent.
 */
export const TOOL_GUIDANCE: Readonly<Record<string, string>> = {
  memory:
    'Memory: keep lasting facts with the memory tool — the user\'s preferences and corrections first, then facts about their setup, then ways of working. Write them as plain statements ("Prefers metric units"), not orders to yourself. Do not store task progress or anything that will be stale within a week.',
  recall:
    'Recall: before answering about something discussed in earlier sessions, search approved memories with recall instead of guessing.',
  session_search:
    'Past sessions: use session_search to find what was said or decided in an earlier conversation when the user refers to it.',
  skill_view:
    'Skills: when a listed skill fits the task, load it with skill_view and follow it before improvising.',
  nexus_post:
    "Shared log: close each turn that changed something (memory, files, the project state, a decision) with one short factual nexus_post line, so the user's other agents stay in step.",
  nexus_read:
    'Shared log: read recent entries with nexus_read when the user mentions work another agent did, before contradicting it.',
  checkpoint:
    'Long tasks: every ~8 tool calls, and before stopping mid-task, record goal, done, next and open questions with checkpoint.',
  ack: 'Acknowledge: when the per-turn Nexus block lists entries awaiting your acknowledgement, take them into account, then ack them.'
}

/** The order the tool notes appear in (fixed, so the bytes never depend on tool load order). */
export const GUIDED_TOOLS: readonly string[] = [
  'memory',
  'recall',
  'session_search',
  'skill_view',
  'nexus_post',
  'nexus_read',
  'checkpoint',
  'ack'
]

export const TASK_COMPLETION_GUIDANCE = `# Finishing the job
Carry a task through to the end: when a step fails, read the error and try another way before reporting back. Stop and ask only when you need a decision or information only the user has. When done, say briefly what changed and what is left.`

export const PARALLEL_TOOL_GUIDANCE = `# Tool calls
When several tool calls do not depend on each other, make them in the same turn instead of one at a time.`

/** The notes for the loaded tools, in `GUIDED_TOOLS` order, as one paragraph block. */
export function toolGuidance(toolNames: readonly string[]): string {
  const loaded = new Set(toolNames)
  const notes = GUIDED_TOOLS.filter((name) => loaded.has(name)).map((name) => TOOL_GUIDANCE[name] as string)
  return notes.length === 0 ? '' : `# Using your tools\n${notes.map((note) => `- ${note}`).join('\n')}`
}
