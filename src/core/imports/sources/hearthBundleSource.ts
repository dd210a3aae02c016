import { existsSync, readFileSync, statSync } from 'node:fs'
import { AgentBundle } from '../../../shared/contract'
import type { ContentBlock } from '../../chat/chatTypes'
import { ImportFileError, type ImportSourceReader, type SourceEvent } from '../importTypes'

const MAX_BUNDLE_BYTES = 512 * 1024 * 1024

/**
 * A Hearth agent bundle (`hearth export agent`): its SOUL.md becomes the persona; MEMORY.md and
 * USER.md entries, memory files and approved facts come back as candidates (Review decides
 * again, even for one's own agent); skills and chats come back as they were.
 */
export const hearthBundleSource: ImportSourceReader = {
  source: 'hearth',
  defaultPath: () => 'agent.hearth.json',
  measure: async (path) => ({ unit: 'bytes', total: existsSync(path) ? statSync(path).size : 0 }),
  read
}

async function* read(path: string): AsyncGenerator<SourceEvent> {
  const bundle = load(path)
  // A bundle is parsed whole (it is bounded), so it is read once it is parsed.
  yield { kind: 'progress', done: statSync(path).size }
  yield { kind: 'persona', text: bundle.persona.soul, name: bundle.agent.name, ref: 'SOUL.md' }
  const candidate = (
    text: string,
    type: 'project_fact' | 'user_fact',
    speaker: 'agent' | 'user',
    file: string,
    line: number | null
  ): SourceEvent => ({
    kind: 'candidate',
    text,
    type,
    speaker,
    provenance: { source: 'hearth', file, line, conversation: null, message: null }
  })
  for (const [i, entry] of bundle.memory.entries.entries())
    yield candidate(entry, 'project_fact', 'agent', 'MEMORY.md', i + 1)
  for (const [i, entry] of bundle.userEntries.entries())
    yield candidate(entry, 'user_fact', 'user', 'USER.md', i + 1)
  for (const file of bundle.memory.files)
    yield candidate(file.text, 'project_fact', 'agent', `memories/${file.slug}.md`, null)
  for (const fact of bundle.facts)
    yield {
      kind: 'candidate',
      text: fact.text,
      type: fact.type,
      speaker: fact.speaker,
      createdAtMs: fact.createdAtMs,
      provenance: {
        source: 'hearth',
        file: null,
        line: null,
        conversation: fact.sessionId,
        message: fact.messageId
      }
    }
  for (const skill of bundle.skills)
    yield {
      kind: 'skill',
      path: skill.path,
      ref: `skills/${skill.path}`,
      files: skill.files.map((f) => ({
        rel: f.rel,
        bytes: f.text !== null ? Buffer.from(f.text) : Buffer.from(f.base64 ?? '', 'base64')
      }))
    }
  for (const chat of bundle.sessions ?? []) {
    const shown = new Set(chat.messages.filter((m) => m.shown).map((m) => m.turnId))
    const nodes = chat.messages
      .filter((m) => shown.has(m.turnId))
      .map((m, i, all) => ({
        id: String(m.id),
        parent: i === 0 ? null : String(all[i - 1]?.id),
        message: {
          role: m.role,
          kind: m.kind,
          content: portableBlocks(m.content),
          createdAtMs: m.createdAtMs
        }
      }))
    if (nodes.length === 0) continue
    yield {
      kind: 'session',
      conversationId: chat.chat.id,
      title: chat.chat.title || 'Imported chat',
      model: chat.chat.model,
      startedAtMs: chat.chat.startedAtMs,
      updatedAtMs: chat.chat.updatedAtMs,
      nodes,
      shownLeaf: nodes.at(-1)?.id ?? null,
      ref: `sessions/${chat.chat.id}`
    }
  }
}

function load(path: string): AgentBundle {
  let size: number
  try {
    size = statSync(path).size
  } catch {
    throw new ImportFileError(path, null, `${path} does not exist`)
  }
  if (size > MAX_BUNDLE_BYTES)
    throw new ImportFileError(path, null, `${path} is over 512 MB; is it an agent bundle?`)
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ImportFileError(path, null, `${path} is not JSON: ${(error as Error).message}`)
  }
  const parsed = AgentBundle.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ImportFileError(
      path,
      null,
      `${path} is not a Hearth agent bundle: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()
    )
  }
  return parsed.data
}

/** Stored blocks as they travel: text and tool blocks kept; an attachment (its bytes stayed in the other home) named in text. */
function portableBlocks(content: readonly Record<string, unknown>[]): ContentBlock[] {
  return content.flatMap((block): ContentBlock[] => {
    if (block.type === 'text' && typeof block.text === 'string') return [{ type: 'text', text: block.text }]
    if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string')
      return [{ type: 'tool_use', id: block.id, name: block.name, input: block.input ?? {} }]
    if (block.type === 'tool_result' && typeof block.tool_use_id === 'string')
      return [
        {
          type: 'tool_result',
          tool_use_id: block.tool_use_id,
          content: typeof block.content === 'string' ? block.content : JSON.stringify(block.content)
        }
      ]
    const name = (block.source as { name?: unknown } | undefined)?.name
    return [
      { type: 'text', text: `[attachment not in the bundle: ${typeof name === 'string' ? name : 'file'}]` }
    ]
  })
}
