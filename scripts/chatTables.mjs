// Chat owns its tables: SQL naming one of them belongs in core/chat's repositories, and every
// other feature reads through them or through the Transcripts port. The table names are the ones
// the migrations create for chat (core/node/db/migrations 0002, 0010, 0014).
import { stringLiterals } from './stringLiterals.mjs'

export const CHAT_TABLES = [
  'sessions',
  'session_prompts',
  'messages',
  'messages_fts',
  'messages_fts_trigram',
  'api_calls',
  'turn_versions',
  'session_end_work'
]

/**
 * A keyword that names a table, then one of chat's: the SQL context, so "sessions" in prose or
 * an identifier never matches. Keywords in capitals, as the code writes its SQL; `DELETE FROM`
 * and `INSERT … INTO` are caught by their FROM and INTO.
 */
const NAMES_CHAT_TABLE = new RegExp(
  String.raw`\b(FROM|JOIN|INTO|UPDATE|TABLE)\s+["\x60\[]?(${CHAT_TABLES.join('|')})\b`,
  'g'
)

/**
 * Where a file's string literals name one of chat's tables in SQL.
 * @returns {{ line: number, table: string, sql: string }[]}
 */
export function chatTableUses(source) {
  const uses = []
  for (const literal of stringLiterals(source))
    for (const match of literal.text.matchAll(NAMES_CHAT_TABLE)) {
      const before = literal.text.slice(0, match.index)
      uses.push({
        line: literal.line + (before.match(/\n/g)?.length ?? 0),
        table: match[2],
        sql: match[0].replace(/\s+/g, ' ')
      })
    }
  return uses
}

export const CHAT_TABLES_MESSAGE =
  "chat owns its tables: use chat's repositories (openChatStores in core/chat/store/chatStores.ts) or the Transcripts port (core/ports/transcripts.ts)"
