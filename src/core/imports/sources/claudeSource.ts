import { homedir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import type { ImportedMessage } from '../../chat/store/importedSessions'
import { conversationsFile, measureExport, timeMs, titleOf } from '../exportFile'
import { jsonArrayElements } from '../jsonArrayStream'
import type { ConversationNode, ImportSourceReader, SourceEvent } from '../importTypes'

const Attachment = z
  .object({ file_name: z.string().optional(), extracted_content: z.string().optional() })
  .passthrough()
const ChatMessage = z.object({
  uuid: z.string(),
  sender: z.string(),
  text: z.string().optional(),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()).optional(),
  created_at: z.string().optional(),
  parent_message_uuid: z.string().nullable().optional(),
  attachments: z.array(Attachment).optional(),
  files: z.array(z.unknown()).optional()
})
const Conversation = z.object({
  uuid: z.string(),
  name: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  current_leaf_message_uuid: z.string().nullable().optional(),
  chat_messages: z.array(ChatMessage)
})
type Conversation = z.infer<typeof Conversation>
type ChatMessage = z.infer<typeof ChatMessage>

/**
 * A Claude data export (the zip, or its `conversations.json`): an array of conversations, each
 * with its list of `chat_messages` (sender `human` or `assistant`). A message naming a parent
 * that is not the one before it starts a branch; without parents the list is one branch.
 */
export const claudeSource: ImportSourceReader = {
  source: 'claude',
  defaultPath: () => join(homedir(), 'Downloads', 'claude-export.zip'),
  measure: measureExport,
  read
}

async function* read(path: string): AsyncGenerator<SourceEvent> {
  const file = await conversationsFile(path)
  try {
    let bytes = 0
    let index = 0
    for await (const raw of jsonArrayElements(await file.open(), file.label, (n) => (bytes = n))) {
      index += 1
      const parsed = Conversation.safeParse(raw)
      if (!parsed.success) {
        yield {
          kind: 'skip',
          itemKind: 'session',
          ref: `${file.label} #${index}`,
          reason: 'not a conversation (no chat_messages)'
        }
        continue
      }
      yield* conversation(parsed.data, `${file.label} #${index}`)
      yield { kind: 'progress', done: bytes }
    }
  } finally {
    file.close()
  }
}

function* conversation(raw: Conversation, ref: string): Generator<SourceEvent> {
  const started = timeMs(raw.created_at, 0)
  const known = new Set(raw.chat_messages.map((m) => m.uuid))
  const nodes: ConversationNode[] = []
  let previous: string | null = null
  let unread = 0
  for (const chat of raw.chat_messages) {
    const message = toMessage(
      chat,
      previous === null ? started : (nodes.at(-1)?.message.createdAtMs ?? started)
    )
    unread += (chat.files?.length ?? 0) + (chat.attachments ?? []).filter((a) => !a.extracted_content).length
    if (message === null) continue
    const parent =
      chat.parent_message_uuid && known.has(chat.parent_message_uuid) ? chat.parent_message_uuid : previous
    nodes.push({ id: chat.uuid, parent, message })
    previous = chat.uuid
  }
  const where = `${ref} (${raw.uuid})`
  if (nodes.length === 0) {
    yield { kind: 'skip', itemKind: 'session', ref: where, reason: 'no messages with text' }
    return
  }
  if (unread > 0)
    yield {
      kind: 'skip',
      itemKind: 'file',
      ref: where,
      reason: `${unread} attached file(s) have no text in the export; the messages are imported`
    }
  const first = nodes.find((n) => n.message.role === 'user')?.message.content[0]
  yield {
    kind: 'session',
    conversationId: raw.uuid,
    title: titleOf(raw.name, first?.type === 'text' ? first.text : undefined),
    model: 'claude.ai',
    startedAtMs: started || (nodes[0]?.message.createdAtMs ?? 0),
    updatedAtMs: timeMs(raw.updated_at, nodes.at(-1)?.message.createdAtMs ?? started),
    nodes,
    shownLeaf: raw.current_leaf_message_uuid ?? nodes.at(-1)?.id ?? null,
    ref: where
  }
}

/** The message's text blocks (or its plain `text`), with the text of attached documents after it. */
function toMessage(chat: ChatMessage, fallbackMs: number): ImportedMessage | null {
  const role = chat.sender === 'human' ? 'user' : chat.sender === 'assistant' ? 'assistant' : null
  if (role === null) return null
  const blocks = (chat.content ?? []).filter((b) => b.type === 'text' && (b.text ?? '').trim() !== '')
  const body = blocks.length > 0 ? blocks.map((b) => b.text).join('\n\n') : (chat.text ?? '')
  const attached = (chat.attachments ?? [])
    .filter((a) => (a.extracted_content ?? '').trim() !== '')
    .map((a) => `[Attached: ${a.file_name ?? 'file'}]\n\n${a.extracted_content}`)
  const text = [body.trim(), ...attached].filter((part) => part !== '').join('\n\n')
  if (text === '') return null
  return {
    role,
    kind: role === 'user' ? 'text' : 'reply',
    content: [{ type: 'text', text }],
    createdAtMs: timeMs(chat.created_at, fallbackMs)
  }
}
