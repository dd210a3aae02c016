import type { Db } from '../../node/db/openDatabase'

/** One stored turn of a seeded chat: what the user asked and what the agent replied. */
export interface SeededTurn {
  readonly turnId: string
  readonly request: string
  readonly reply?: string
}

/**
 * A session row and its messages written straight into chat's tables, for tests of the features
 * that read chats through the Transcripts port (the Nexus's turn and session summaries). Not the
 * path a turn takes; no turn versions, so the chat reads as one linear conversation.
 */
export function seedChat(
  db: Db,
  chat: { id: string; agent: string; title?: string; at: number; turns: readonly SeededTurn[] }
): void {
  db.prepare(
    `INSERT INTO sessions (id, agent_id, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, title, started_at, updated_at)
     VALUES (?, ?, 'm', 'anthropic', 'desktop', '', '{}', '[]', '', ?, ?, ?)`
  ).run(chat.id, chat.agent, chat.title ?? '', chat.at, chat.at)
  const message = db.prepare(
    "INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'complete', 0, 0)"
  )
  for (const turn of chat.turns) {
    message.run(
      chat.id,
      turn.turnId,
      'user',
      'text',
      JSON.stringify([{ type: 'text', text: turn.request }]),
      turn.request
    )
    if (turn.reply !== undefined)
      message.run(
        chat.id,
        turn.turnId,
        'assistant',
        'reply',
        JSON.stringify([{ type: 'text', text: turn.reply }]),
        turn.reply
      )
  }
}
