import type { GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import type { NexusEntry } from '../../../shared/contract/nexus'
import { entryForModel } from '../nexusTools'
import { JsonRpcError, RESOURCE_NOT_FOUND, type NexusMcpContext } from './mcpToolSpec'

/** Decisions the decision log lists, the newest ones; it says how many there are in all. */
const DECISIONS_LISTED = 500
/** Open conflicts the decision log lists, newest first; it says how many more there are. */
const CONFLICTS_LISTED = 100

export const STATIC_RESOURCES = [
  {
    uri: 'nexus://decisions',
    name: 'decisions',
    title: 'Decision log',
    description: 'The decisions with their rationale and author, oldest first, and open conflicts.',
    mimeType: 'text/markdown'
  },
  {
    uri: 'nexus://project-state',
    name: 'project-state',
    title: 'Project state',
    description: 'The shared project state file every agent works from.',
    mimeType: 'text/markdown'
  }
] as const

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: 'nexus://entries/{seq}',
    name: 'entry',
    title: 'Nexus entry',
    description: 'One entry of the Nexus by its sequence number, as JSON.',
    mimeType: 'application/json'
  }
] as const

/** Reads one `nexus://` resource; an unknown URI or missing entry is JSON-RPC -32002. */
export function readNexusResource(uri: string, context: NexusMcpContext): ReadResourceResult {
  if (uri === 'nexus://decisions') return text(uri, 'text/markdown', decisionLog(context))
  if (uri === 'nexus://project-state')
    return text(uri, 'text/markdown', context.nexus.readProjectState().content)
  const match = /^nexus:\/\/entries\/([1-9][0-9]{0,15})$/.exec(uri)
  const entry = match ? context.nexus.entries([Number(match[1])])[0] : undefined
  if (!entry) throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri })
  return text(uri, 'application/json', JSON.stringify(entryForModel(entry)))
}

function text(uri: string, mimeType: string, body: string): ReadResourceResult {
  return { contents: [{ uri, mimeType, text: body }] }
}

function decisionLog(context: NexusMcpContext): string {
  const { entries: decisions, total: allDecisions } = context.nexus.list({
    type: 'decision',
    limit: DECISIONS_LISTED
  })
  const conflicts = context.nexus.openConflictPage({ limit: CONFLICTS_LISTED })
  const lines = [
    '# Decisions',
    '',
    ...(decisions.length === 0 ? ['No decisions yet.'] : decisions.map(decisionLine)),
    ...(allDecisions > decisions.length
      ? ['', `These are the newest ${decisions.length} of ${allDecisions} decisions.`]
      : [])
  ]
  if (conflicts.total > 0) {
    const more = conflicts.total - conflicts.conflicts.length
    lines.push(
      '',
      '## Open conflicts',
      '',
      ...conflicts.conflicts.map(
        (c) =>
          `- #${c.first.seq} (${c.first.agent}) and #${c.second.seq} (${c.second.agent}): ${c.reason} Settle them with a resolution entry referencing both.`
      ),
      ...(more > 0 ? ['', `${more} older open conflicts are not listed here.`] : [])
    )
  }
  return `${lines.join('\n')}\n`
}

function decisionLine(entry: NexusEntry): string {
  const when = new Date(entry.ts).toISOString().slice(0, 16).replace('T', ' ')
  return `- #${entry.seq} ${when} **${entry.agent}**: ${entry.summary}${entry.rationale ? `\n  Why: ${entry.rationale.replace(/\s*\n\s*/g, ' ')}` : ''}`
}

export const ETIQUETTE_PROMPT = {
  name: 'nexus-etiquette',
  title: 'Working with the Nexus',
  description:
    'How to take part in the shared log: read what is new before each reply, post after each meaningful turn.'
} as const

/** The habits that keep several agents from contradicting each other, as a prompt a runtime can load. */
export function etiquettePrompt(): GetPromptResult {
  const text = [
    'You share a project with other agents through the Nexus, an append-only log served by Hearth over MCP.',
    '',
    '1. Before each reply, call nexus_unread and read what the others did and decided since your last look. Never contradict a decision you find there without saying so.',
    '2. After each meaningful turn (work done, a choice made, a handoff), call nexus_post with a one-line summary. Use type decision with a rationale for choices others must follow, ack with refs for the decisions nexus_unread lists under awaitingAck, handoff when you pass work on, checkpoint (goal, done, next, open questions) every few tool calls in a long task.',
    '3. When nexus_unread lists a conflict of yours, talk it through and post type resolution with refs to both decisions.',
    '4. Keep the shared project state current: project_state_read, then project_state_update with the hash you read.',
    '5. Entries are permanent and signed with your identity; write them for a teammate who was not there.'
  ].join('\n')
  return {
    description: ETIQUETTE_PROMPT.description,
    messages: [{ role: 'user', content: { type: 'text', text } }]
  }
}
