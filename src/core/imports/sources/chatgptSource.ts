import { homedir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import type { ImportedMessage } from '../../chat/store/importedSessions'
import { conversationsFile, measureExport, timeMs, titleOf } from '../exportFile'
import { jsonArrayElements } from '../jsonArrayStream'
import type { ConversationNode, ImportSourceReader, SourceEvent } from '../importTypes'

/** The parts of a ChatGPT export's conversation this reader uses; everything else passes. */
const Message = z.object({
  id: z.string(),
  author: z.object({ role: z.string() }).passthrough(),
  create_time: z.number().nullable().optional(),
  content: z
    .object({ content_type: z.string(), parts: z.array(z.unknown()).optional(), text: z.string().optional() })
    .passthrough(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** `all` for what the person saw; a tool's name for a call to it (browsing, code). */
  recipient: z.string().optional()
})
const Node = z.object({
  id: z.string(),
  parent: z.string().nullable().optional(),
  message: Message.nullable().optional()
})
const Conversation = z.object({
  id: z.string().optional(),
  conversation_id: z.string().optional(),
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  update_time: z.number().nullable().optional(),
  current_node: z.string().nullable().optional(),
  default_model_slug: z.string().nullable().optional(),
  mapping: z.record(z.string(), Node)
})
type Conversation = z.infer<typeof Conversation>
type Message = z.infer<typeof Message>

/**
 * A ChatGPT data export (the zip, or its `conversations.json`): an array of conversations, each a
 * tree of message nodes (`mapping`, each node naming its `parent`). The branch ChatGPT showed ends
 * at `current_node`; other branches (edited messages, regenerated answers) become versions.
 */
export const chatgptSource: ImportSourceReader = {
  source: 'chatgpt',
  defaultPath: () => join(homedir(), 'Downloads', 'chatgpt-export.zip'),
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
          reason: 'not a conversation (no message tree)'
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
  const id = raw.conversation_id ?? raw.id ?? ref
  const started = timeMs(raw.create_time, 0)
  const kept = new Map<string, ConversationNode>()
  const keptAncestor = (nodeId: string | null | undefined): string | null => {
    for (let at = nodeId ?? null, guard = 0; at !== null && guard < 100_000; guard += 1) {
      if (kept.has(at)) return at
      at = raw.mapping[at]?.parent ?? null
    }
    return null
  }
  let images = 0
  for (const node of treeOrder(raw)) {
    const message = node.message ? toMessage(node.message, started) : null
    if (message === null) continue
    images += message.images
    kept.set(node.id, { id: node.id, parent: keptAncestor(node.parent), message: message.message })
  }
  const nodes = [...kept.values()]
  if (nodes.length === 0) {
    yield {
      kind: 'skip',
      itemKind: 'session',
      ref: `${ref} (${id})`,
      reason: 'no user or assistant messages'
    }
    return
  }
  if (images > 0)
    yield {
      kind: 'skip',
      itemKind: 'file',
      ref: `${ref} (${id})`,
      reason: `${images} image(s) are not in the export's JSON; the text around them is imported`
    }
  const firstUser = nodes.find((n) => n.message.role === 'user')?.message.content[0]
  yield {
    kind: 'session',
    conversationId: id,
    title: titleOf(raw.title, firstUser?.type === 'text' ? firstUser.text : undefined),
    model: raw.default_model_slug ?? 'chatgpt',
    startedAtMs: started || (nodes[0]?.message.createdAtMs ?? 0),
    updatedAtMs: timeMs(raw.update_time, nodes.at(-1)?.message.createdAtMs ?? started),
    nodes,
    shownLeaf: keptAncestor(raw.current_node),
    ref: `${ref} (${id})`
  }
}

/** Nodes parents-first (the mapping's order is not guaranteed to be), children in the order listed. */
function* treeOrder(raw: Conversation): Generator<z.infer<typeof Node>> {
  const byParent = new Map<string | null, z.infer<typeof Node>[]>()
  for (const node of Object.values(raw.mapping)) {
    const parent = node.parent && raw.mapping[node.parent] ? node.parent : null
    byParent.set(parent, [...(byParent.get(parent) ?? []), node])
  }
  const stack = [...(byParent.get(null) ?? [])].reverse()
  const seen = new Set<string>()
  while (stack.length > 0) {
    const node = stack.pop() as z.infer<typeof Node>
    if (seen.has(node.id)) continue
    seen.add(node.id)
    yield node
    stack.push(...[...(byParent.get(node.id) ?? [])].reverse())
  }
}

/** A shown user or assistant message as text; system, tool and hidden messages are left out. */
function toMessage(
  message: Message,
  fallbackMs: number
): { message: ImportedMessage; images: number } | null {
  const role = message.author.role
  if (role !== 'user' && role !== 'assistant') return null
  if (message.metadata?.is_visually_hidden_from_conversation === true) return null
  if (message.recipient !== undefined && message.recipient !== 'all') return null
  const parts = message.content.parts ?? (message.content.text !== undefined ? [message.content.text] : [])
  const texts = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '')
  const images = parts.length - parts.filter((part) => typeof part === 'string').length
  let text = texts.join('\n\n')
  if (message.content.content_type === 'code' && text !== '') text = '```\n' + text + '\n```'
  if (text.trim() === '') return null
  return {
    message: {
      role,
      kind: role === 'user' ? 'text' : 'reply',
      content: [{ type: 'text', text }],
      createdAtMs: timeMs(message.create_time, fallbackMs)
    },
    images
  }
}
