import { ImportProposalView, ImportSource } from '../../../shared/contract'
import Database from 'better-sqlite3'
import { KnowledgeKind } from '../../../shared/contract/knowledge'
import { AUDIENCES } from '../../ports/knowledgeSources'
import { OUTBOX_KINDS } from '../../knowledge/knowledgeStore'
import { afterAll, describe, expect, it } from 'vitest'
import {
  AttachmentMediaType,
  CallStatus,
  FactOrigin,
  FactStatus,
  FactType,
  MemoryTarget,
  MergeKind,
  MessageKind,
  MessageRole,
  MessageStatus,
  NexusEntryType,
  ReceiptOrigin,
  RecalledKind,
  SessionEndReason,
  Speaker,
  TitleSource,
  TrustableFile,
  TurnOrigin
} from '../../../shared/contract'
import { WORK_STATES } from '../../chat/session/sessionEndWork'
import { HASH_FORMATS } from '../../nexus/nexusHash'
import { SYNC_DEVICE_STATUSES } from './migrations/0046-nexus-sync'
import { CONFLICT_METHODS, CONFLICT_SIGNALS } from '../../nexus/conflictRows'
import { MARK_NAMES } from '../../nexus/nexusMarks'
import { MEMBER_TRANSPORTS } from '../../nexus/nexusMembers'
import { TURN_ENTRY_SOURCES } from '../../nexus/nexusTurnEntries'
import { migrate } from './migrate'

/**
 * Every `CHECK (column IN (…))` list of the schema and the one definition the code uses for it.
 * A value the code may write but SQLite refuses (or the reverse) shows up here, not in production.
 */
const CHECKED_COLUMNS: readonly (readonly [
  table: string,
  column: string,
  values: readonly (string | number)[]
])[] = [
  ['messages', 'role', MessageRole.options],
  ['messages', 'kind', MessageKind.options],
  ['messages', 'status', MessageStatus.options],
  ['api_calls', 'status', CallStatus.options],
  ['memory_facts', 'status', FactStatus.options],
  ['memory_facts', 'type', FactType.options],
  ['memory_facts', 'speaker', Speaker.options],
  ['memory_facts', 'merge_kind', MergeKind.options],
  ['memory_facts', 'origin', FactOrigin.options],
  ['memory_receipts', 'target', MemoryTarget.options],
  ['memory_receipts', 'origin', ReceiptOrigin.options],
  // A 0/1 flag: the code writes a boolean as 1 or 0.
  ['memory_receipts', 'before_missing', [0, 1]],
  ['memory_recall_items', 'kind', RecalledKind.options],
  ['nexus_entries', 'type', NexusEntryType.options],
  ['nexus_entries', 'hash_format', Object.values(HASH_FORMATS)],
  ['nexus_conflicts', 'method', CONFLICT_METHODS],
  ['nexus_conflicts', 'signal', CONFLICT_SIGNALS],
  ['nexus_marks', 'mark', MARK_NAMES],
  ['nexus_turn_entries', 'source', TURN_ENTRY_SOURCES],
  ['nexus_members_seen', 'transport', MEMBER_TRANSPORTS],
  ['turn_versions', 'origin', TurnOrigin.options],
  ['attachments', 'media_type', AttachmentMediaType.options],
  ['session_end_work', 'state', WORK_STATES],
  ['sessions', 'title_source', TitleSource.options],
  ['knowledge_items', 'kind', KnowledgeKind.options],
  ['knowledge_items', 'audience', AUDIENCES],
  ['knowledge_files', 'kind', KnowledgeKind.options],
  ['knowledge_outbox', 'kind', OUTBOX_KINDS],
  ['import_runs', 'source', ImportSource.options],
  ['import_proposals', 'kind', ['mcp_server']],
  ['import_proposals', 'status', ImportProposalView.shape.status.options],
  ['nexus_sync_devices', 'status', SYNC_DEVICE_STATUSES],
  // A 0/1 flag: the code writes a boolean as 1 or 0.
  ['nexus_sync_runs', 'ok', [0, 1]],
  ['sessions', 'end_reason', SessionEndReason.options],
  ['trusted_texts', 'file', TrustableFile.options]
]

/** `table.column` → the values of its `CHECK (column IN (…))`, read from the migrated schema. */
function checkLists(db: Database.Database): Map<string, (string | number)[]> {
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
    .all() as { name: string; sql: string }[]
  const lists = new Map<string, (string | number)[]>()
  for (const { name, sql } of tables) {
    for (const match of sql.matchAll(/CHECK\s*\(\s*(\w+)\s+IN\s*\(([^)]*)\)\s*\)/gi)) {
      lists.set(`${name}.${match[1]}`, (match[2] as string).split(',').map(literal))
    }
  }
  return lists
}

/** One SQL literal: 'text' (with '' as an escaped quote) or an integer. */
function literal(text: string): string | number {
  const trimmed = text.trim()
  if (/^'.*'$/s.test(trimmed)) return trimmed.slice(1, -1).replace(/''/g, "'")
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed)
  throw new Error(`Unexpected literal in a CHECK list: ${trimmed}`)
}

describe('contract enums and SQL CHECK lists', () => {
  const db = new Database(':memory:')
  migrate(db)
  const lists = checkLists(db)
  afterAll(() => db.close())

  it.each(CHECKED_COLUMNS)('%s.%s allows exactly the values of its enum', (table, column, values) => {
    expect(lists.get(`${table}.${column}`), `no CHECK (${column} IN …) on ${table}`).toBeDefined()
    expect([...(lists.get(`${table}.${column}`) ?? [])].sort()).toEqual([...values].sort())
  })

  it('covers every CHECK list of the schema (add a row above for a new one)', () => {
    const covered = new Set(CHECKED_COLUMNS.map(([table, column]) => `${table}.${column}`))
    expect([...lists.keys()].filter((key) => !covered.has(key))).toEqual([])
  })

  it('reads lists as SQLite stores them: quoted text, escaped quotes, integers', () => {
    const scratch = new Database(':memory:')
    scratch.exec(
      "CREATE TABLE t (a TEXT CHECK (a IN ('x', 'it''s')), b INTEGER NOT NULL CHECK ( b IN (1,2) )) STRICT"
    )
    expect(checkLists(scratch)).toEqual(
      new Map([
        ['t.a', ['x', "it's"]],
        ['t.b', [1, 2]]
      ])
    )
    scratch.close()
  })
})
