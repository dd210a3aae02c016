import type { Db } from '../../node/db/openDatabase'

/** How many chats and messages a database holds (a backup's and a restore's counts). */
export function chatCounts(db: Db): { sessions: number; messages: number } {
  const count = (sql: string): number => Number(db.prepare(sql).pluck().get() ?? 0)
  return {
    sessions: count('SELECT count(*) FROM sessions'),
    messages: count('SELECT count(*) FROM messages')
  }
}
