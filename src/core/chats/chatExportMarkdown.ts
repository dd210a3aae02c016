import { toolResultText } from '../../shared/util/toolResultText'
import type { StoredMessage, ToolUseBlock } from '../chat/chatTypes'
import { attachmentsOf, textOf, utcMinute, type ChatExportInput } from './chatExportInput'

/** Longest tool input or result excerpt quoted in the summary line. */
const EXCERPT = 120

/**
 * The chat as a Markdown document a person can read anywhere: its title, agent and dates, then
 * the conversation as shown (other versions left out; the JSON export has them). Each message
 * is a heading with who and when, its text verbatim (code blocks intact), attachments by name
 * and tool calls as one line each.
 */
export function chatMarkdown(input: ChatExportInput): string {
  const { session } = input
  const toolNames = new Map<string, string>()
  const lines = [
    `# ${session.title.trim() || 'Untitled chat'}`,
    '',
    `- Agent: ${input.agentName} (\`${session.agentId}\`)`,
    `- Model: ${session.model}`,
    `- Started: ${utcMinute(session.startedAtMs)}`,
    `- Last activity: ${utcMinute(session.updatedAtMs)}`,
    ...(session.endedAtMs === null ? [] : [`- Ended: ${utcMinute(session.endedAtMs)}`]),
    ...(session.cwd === null ? [] : [`- Project folder: ${session.cwd}`]),
    `- Exported from Hearth: ${utcMinute(input.exportedAtMs)}`
  ]
  for (const message of input.shown) lines.push('', ...messageSection(message, input.agentName, toolNames))
  return `${lines.join('\n')}\n`
}

function messageSection(message: StoredMessage, agentName: string, toolNames: Map<string, string>): string[] {
  if (message.kind === 'tool_results') return toolResultLines(message, toolNames)
  const who = message.kind === 'checkpoint' ? 'Checkpoint' : message.role === 'user' ? 'You' : agentName
  const status = message.status === 'complete' ? '' : ` (${message.status})`
  const body = textOf(message.content)
  const files = attachmentsOf(message.content).map((file) => `📎 ${file.source.name}`)
  const tools = message.content.flatMap((block) => {
    if (block.type !== 'tool_use') return []
    toolNames.set(block.id, block.name)
    return [toolUseLine(block)]
  })
  return [
    `## ${who} · ${utcMinute(message.createdAtMs)}${status}`,
    ...(files.length > 0 ? ['', files.join('  ')] : []),
    ...(body === '' ? [] : ['', body]),
    ...(tools.length > 0 ? ['', ...tools] : [])
  ]
}

function toolUseLine(block: ToolUseBlock): string {
  return `> Called \`${block.name}\` with \`${excerpt(JSON.stringify(block.input) ?? '')}\``
}

/** Tool results belong to the reply above them: one quoted line per result, no heading. */
function toolResultLines(message: StoredMessage, toolNames: ReadonlyMap<string, string>): string[] {
  return message.content.flatMap((block) => {
    if (block.type !== 'tool_result') return []
    const name = toolNames.get(block.tool_use_id) ?? 'a tool'
    const text = toolResultText(block.content)
    const verdict = block.is_error === true ? 'failed' : 'returned'
    return [`> \`${name}\` ${verdict}: ${excerpt(text)} (${text.length} characters)`]
  })
}

/** One line, backticks softened so the excerpt cannot close its own code span. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/`/g, "'").trim()
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT)}…` : line
}
