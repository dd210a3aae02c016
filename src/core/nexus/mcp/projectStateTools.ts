import { invalidInput } from '../../errors'
import type { McpToolSpec, NexusMcpContext } from './mcpToolSpec'

/** The newest `state` entry: the version number of the project state as the log knows it. */
export function projectStateVersion(context: NexusMcpContext): number | null {
  return context.nexus.repository.ofType('state', 0, 1).at(-1)?.seq ?? null
}

const readState: McpToolSpec = {
  name: 'project_state_read',
  description:
    'Read the shared project state (nexus/project-state.md): goals, status and open questions every agent works from. Returns its text, its hash (pass it to project_state_update) and its version in the Nexus.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true },
  run: (_args, context) => {
    const state = context.nexus.projectState.read()
    return { text: state.content, hash: state.hash, version: projectStateVersion(context) }
  }
}

const updateState: McpToolSpec = {
  name: 'project_state_update',
  description:
    'Replace the shared project state with a new version. Pass the hash you read with project_state_read: if someone saved in between, the update is refused so you can read again and merge instead of overwriting their change. Each saved version is recorded in the Nexus as a state entry signed by you.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', maxLength: 200_000, description: 'The whole new project state (markdown)' },
      baseHash: {
        type: 'string',
        pattern: '^([0-9a-f]{64}|missing)$',
        description: 'The hash project_state_read returned ("missing" while there is no file yet)'
      }
    },
    required: ['text', 'baseHash'],
    additionalProperties: false
  },
  run: (args, context) => {
    const identity = context.identity()
    if (identity.author === null)
      throw invalidInput(identity.refusal ?? 'This client may not change the project state.')
    const before = projectStateVersion(context)
    const saved = context.nexus.projectState.save(args.text as string, args.baseHash as string, false, {
      agent: identity.author,
      channel: identity.channel
    })
    context.nexus.flushMirror()
    return {
      hash: saved.hash,
      version: saved.entry?.seq ?? before,
      changed: saved.entry !== null && saved.entry.seq !== before
    }
  }
}

export function projectStateTools(): readonly McpToolSpec[] {
  return [readState, updateState]
}
