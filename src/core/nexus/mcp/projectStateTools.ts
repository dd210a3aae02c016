import { staleStateMessage } from '../projectState'
import { STATE_HASH } from './argumentWords'
import { ToolRefusal, type McpToolSpec } from './mcpToolSpec'

const readState: McpToolSpec = {
  name: 'project_state_read',
  description:
    'Read the shared project state (nexus/project-state.md): goals, status and open questions every agent works from. Returns its text, its hash (pass it to project_state_update) and its version in the Nexus.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true },
  run: (_args, context) => context.nexus.currentProjectState()
}

const updateState: McpToolSpec = {
  name: 'project_state_update',
  description:
    'Replace the shared project state with a new version. Pass the hash you read with project_state_read: if someone saved in between, nothing is saved and you get the current version, hash and text to merge your change into. Each saved version is recorded in the Nexus as a state entry signed by you.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', maxLength: 200_000, description: 'The whole new project state (markdown)' },
      baseHash: {
        type: 'string',
        pattern: STATE_HASH,
        description: 'The hash project_state_read returned ("missing" while there is no file yet)'
      }
    },
    required: ['text', 'baseHash'],
    additionalProperties: false
  },
  run: async (args, context) => {
    const identity = context.identity()
    if (identity.author === null)
      return new ToolRefusal(identity.refusal ?? 'This client may not change the project state.')
    const result = await context.nexus.updateProjectState(args.text as string, args.baseHash as string, {
      agent: identity.author,
      channel: identity.channel
    })
    if (result.status === 'stale')
      return new ToolRefusal(staleStateMessage(result.current), { current: result.current })
    context.nexus.flushMirror()
    return { hash: result.hash, version: result.version, changed: result.changed }
  }
}

export function projectStateTools(): readonly McpToolSpec[] {
  return [readState, updateState]
}
