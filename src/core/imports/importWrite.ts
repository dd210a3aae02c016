import { writeTransaction } from '../node/db/writeTransaction'
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { AgentId, ImportReport, ImportSource } from '../../shared/contract'
import { ImportedSessionWriter } from '../chat/store/importedSessions'
import { newSessionId } from '../domain/ids'
import { writeFileAtomic } from '../home/atomicWrite'
import type { HomePaths } from '../home/homePaths'
import { mkdirPrivate } from '../home/privateFiles'
import type { FactStore } from '../memory/factStore'
import type { Db } from '../node/db/openDatabase'
import type { Collection } from './importCollect'
import type { ImportStaging } from './importStaging'

export interface WriteTarget {
  readonly importId: string
  readonly source: ImportSource
  readonly path: string
  readonly agentId: AgentId
  readonly startedAtMs: number
  readonly nowMs: number
  /** Write the persona to the agent's SOUL.md (the plan decided; the user agreed where asked). */
  readonly writeSoul: boolean
}

/**
 * Phase two of an import: one transaction over the home's database (sessions and their
 * messages, candidates for Review, proposals, the hashes that make a second run a no-op, the
 * run's report). Only if it commits are files written: the persona, skills, reference files.
 * A failure inside rolls every row back; nothing is half-written.
 */
export function writeImport(
  db: Db,
  facts: FactStore,
  paths: HomePaths,
  target: WriteTarget,
  collection: Collection,
  staging: ImportStaging,
  report: (importId: string) => ImportReport
): void {
  const sessions = new ImportedSessionWriter(db)
  const item = db.prepare('INSERT INTO import_items (hash, import_id, kind, ref) VALUES (?, ?, ?, ?)')
  const proposal = db.prepare(
    "INSERT INTO import_proposals (import_id, kind, name, payload) VALUES (?, 'mcp_server', ?, ?)"
  )
  writeTransaction(db, () => {
    db.prepare(
      'INSERT INTO import_runs (id, source, path, agent_id, report, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
    ).run(target.importId, target.source, target.path, target.agentId, '{}', target.startedAtMs, target.nowMs)
    for (const staged of staging.sessions()) {
      sessions.write({
        id: newSessionId(),
        agentId: target.agentId,
        title: staged.title,
        model: staged.model,
        importId: target.importId,
        source: target.source,
        startedAtMs: staged.startedAtMs,
        updatedAtMs: staged.updatedAtMs,
        turns: staged.turns,
        headTurnId: staged.headTurnId
      })
      item.run(staged.hash, target.importId, 'session', staged.ref)
    }
    for (const { item: candidate, hash, findings } of collection.candidates) {
      facts.insert(
        {
          agentId: target.agentId,
          status: 'pending',
          type: candidate.type,
          speaker: candidate.speaker,
          text: candidate.text,
          entities: [],
          quote: candidate.text,
          sessionId: null,
          messageId: null,
          scanFindings: findings,
          mergeTargetId: null,
          mergeKind: null,
          origin: 'import',
          importId: target.importId,
          provenance: candidate.provenance,
          ...(candidate.createdAtMs !== undefined ? { createdAtMs: candidate.createdAtMs } : {})
        },
        { importId: target.importId, provenance: candidate.provenance }
      )
      item.run(hash, target.importId, 'candidate', provenanceRef(candidate.provenance))
    }
    for (const { item: server, hash } of collection.proposals) {
      proposal.run(target.importId, server.draft.name, JSON.stringify(server.draft))
      item.run(hash, target.importId, 'mcp_server', server.ref)
    }
    for (const { item: skill, hash } of collection.skills) item.run(hash, target.importId, 'skill', skill.ref)
    for (const { item: file, hash } of collection.files) item.run(hash, target.importId, 'file', file.ref)
    if (collection.persona && target.writeSoul)
      item.run(collection.persona.hash, target.importId, 'persona', collection.persona.item.ref)
    db.prepare('UPDATE import_runs SET report = ? WHERE id = ?').run(
      JSON.stringify(report(target.importId)),
      target.importId
    )
  })()
  writeFiles(paths, target, collection)
}

function provenanceRef(p: { file: string | null; line: number | null; conversation: string | null }): string {
  return p.file !== null ? `${p.file}${p.line !== null ? `:${p.line}` : ''}` : (p.conversation ?? '')
}

function writeFiles(paths: HomePaths, target: WriteTarget, collection: Collection): void {
  if (collection.persona && target.writeSoul) {
    const soul = paths.soul(target.agentId)
    if (existsSync(soul)) writeFileAtomic(join(dirname(soul), 'SOUL.before-import.md'), readFileSync(soul))
    writeFileAtomic(soul, `${collection.persona.item.text}\n`)
  }
  for (const { item: skill } of collection.skills) {
    const dir = join(paths.skills, ...skill.path.split('/'))
    for (const file of skill.files) {
      const path = join(dir, ...file.rel.split('/'))
      mkdirPrivate(dirname(path))
      writeFileAtomic(path, file.bytes)
    }
  }
  for (const { item: file } of collection.files) {
    const dir = join(paths.agentDir(target.agentId), 'imported')
    mkdirPrivate(dir)
    writeFileAtomic(join(dir, file.name), file.text)
  }
}

export function newImportId(): string {
  return `imp_${randomUUID()}`
}
