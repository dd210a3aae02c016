import { ToolError } from '../tools/runTool'
import type { ToolDefinition } from '../tools/toolTypes'
import type { NexusCheckpoints } from './nexusCheckpoints'
import type { NexusLog } from './nexusLog'
import { asToolError } from './toolRefusal'
import { staleStateMessage, type ProjectStateLog } from './projectState'
import { oneLine } from './turnSummary'

/** Entries the ack tool lists as still awaiting the agent's ack, oldest first (with how many in all). */
const STILL_AWAITING_SHOWN = 20

const text = (description: string, maxLength: number): Record<string, unknown> => ({
  type: 'string',
  maxLength,
  description
})

function checkpointTool(checkpoints: NexusCheckpoints): ToolDefinition {
  return {
    name: 'checkpoint',
    toolset: 'nexus',
    description:
      'Record where you are in a long task so you or a successor can resume it: goal, done, next, open questions. Call it every ~8 tool calls during long work and before stopping mid-task.',
    inputSchema: {
      type: 'object',
      properties: {
        goal: text('What the task is for, in one line', 300),
        done: text('What is finished so far', 4000),
        next: text('The next concrete steps', 4000),
        open_questions: text('What is undecided or needs the user', 2000)
      },
      required: ['goal', 'done', 'next'],
      additionalProperties: false
    },
    handler: async (input, context) => {
      const goal = String(input.goal ?? '').trim()
      if (goal === '') throw new ToolError('goal is required: say in one line what the task is for')
      const entry = checkpoints.write(context.agentId, context.sessionId, {
        goal: oneLine(goal, 300),
        done: String(input.done ?? ''),
        next: String(input.next ?? ''),
        ...(typeof input.open_questions === 'string' ? { openQuestions: input.open_questions } : {})
      })
      return { seq: entry.seq }
    }
  }
}

function ackTool(nexus: NexusLog): ToolDefinition {
  return {
    name: 'ack',
    toolset: 'nexus',
    description:
      'Acknowledge entries by others (decisions, handoffs) once you have taken them into account, so they stop waiting on you.',
    inputSchema: {
      type: 'object',
      properties: {
        refs: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 50 },
        note: text('Optional: how it affects your work, in one line', 200)
      },
      required: ['refs'],
      additionalProperties: false
    },
    handler: async (input, context) => {
      const refs = Array.isArray(input.refs)
        ? input.refs.filter((ref): ref is number => Number.isInteger(ref))
        : []
      if (refs.length === 0)
        throw new ToolError('refs is required: the sequence numbers of the entries you acknowledge')
      const note = typeof input.note === 'string' && input.note.trim() ? oneLine(input.note) : null
      const summary = note ?? `Acknowledged ${refs.map((ref) => `#${ref}`).join(', ')}`
      const result = asToolError(() =>
        nexus.post({ agent: context.agentId, type: 'ack', summary: oneLine(summary), refs })
      )
      const still = nexus.acks.awaitingPage(context.agentId, STILL_AWAITING_SHOWN)
      return {
        seq: result.entry.seq,
        stillAwaiting: still.entries.map((entry) => entry.seq),
        stillAwaitingTotal: still.total
      }
    }
  }
}

function stateReadTool(state: ProjectStateLog): ToolDefinition {
  return {
    name: 'project_state_read',
    toolset: 'nexus',
    description:
      'Read the shared project state (goals, status, open questions every agent works from): its text, hash and version.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    handler: async () => state.current()
  }
}

function stateUpdateTool(state: ProjectStateLog): ToolDefinition {
  return {
    name: 'project_state_update',
    toolset: 'nexus',
    description:
      'Replace the shared project state. Pass the hash you read: if someone saved in between nothing is saved and you get the current text to merge into.',
    inputSchema: {
      type: 'object',
      properties: {
        text: text('The whole new project state (markdown)', 200_000),
        baseHash: { type: 'string', description: 'The hash project_state_read returned' }
      },
      required: ['text', 'baseHash'],
      additionalProperties: false
    },
    handler: async (input, context) => {
      const result = await state.update(String(input.text ?? ''), String(input.baseHash ?? ''), {
        agent: context.agentId
      })
      if (result.status === 'stale')
        throw new ToolError(staleStateMessage(result.current), { current: result.current })
      return { hash: result.hash, version: result.version, changed: result.changed }
    }
  }
}

/** checkpoint, ack, project_state_read and project_state_update for the app's own agents. */
export function createTeamTools(
  nexus: NexusLog,
  parts: { readonly checkpoints: NexusCheckpoints; readonly projectState: ProjectStateLog }
): ToolDefinition[] {
  return [
    checkpointTool(parts.checkpoints),
    ackTool(nexus),
    stateReadTool(parts.projectState),
    stateUpdateTool(parts.projectState)
  ]
}
