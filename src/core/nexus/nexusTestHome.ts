import type { Transcripts } from '../ports/transcripts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventHub } from '../events'
import { ConfigStore } from '../home/configStore'
import { ensureHome } from '../home/home'
import type { HomePaths } from '../home/homePaths'
import { up as nexusUp } from '../node/db/migrations/0004-nexus'
import { openDatabase, type Db } from '../node/db/openDatabase'
import { silentLogger, type Logger } from '../ports/logger'
import type { DecisionSimilarity } from '../ports/decisionSimilarity'
import { AgentService } from '../services/agentService'
import { FileService } from '../services/fileService'
import { openChatStores } from '../chat/store/chatStores'
import { seedChat as seedChatRows, type SeededTurn } from '../chat/testing/seedChat'
import { SqliteNexusRepository } from './nexusRepository'
import { NexusService } from './nexusService'

/** A clock tests move by hand. */
export interface SteppableClock {
  now(): number
  advance(ms: number): void
}

export function steppableClock(start = Date.UTC(2026, 0, 5, 9, 0, 0)): SteppableClock {
  let time = start
  return { now: () => time, advance: (ms) => void (time += ms) }
}

export interface NexusTestHome {
  readonly paths: HomePaths
  readonly db: Db
  /** The chat tables' read port, as the core hands it to the Nexus. */
  readonly transcripts: Transcripts
  readonly events: EventHub
  readonly clock: SteppableClock
  readonly nexus: NexusService
  readonly agents: AgentService
  readonly emitted: { event: string; payload: unknown }[]
  dispose(): void
}

/**
 * The hub's log in a test home: an event the contract refuses would be dropped silently in the
 * app (and logged); here it fails the test at the emit that sent it.
 */
const refusedEventsThrow: Logger = {
  ...silentLogger,
  error: (message, fields) => {
    throw new Error(`${message} ${JSON.stringify(fields?.['problems'] ?? '')}`)
  },
  child: () => refusedEventsThrow
}

/**
 * A real home folder and SQLite file in a temp dir with the Nexus schema, for tests. Applies
 * the Nexus migration by hand when the shared migration list does not (yet) include it.
 */
export type { SeededTurn } from '../chat/testing/seedChat'

export function openNexusTestHome(
  options: { channel?: 'desktop' | 'cli'; root?: string; log?: Logger; similarity?: DecisionSimilarity } = {}
): NexusTestHome {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'hearth-nexus-'))
  const paths = ensureHome(root)
  const db = openDatabase(paths.db)
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'nexus_entries'").get()
  if (!hasTable) nexusUp(db)
  const clock = steppableClock()
  const events = new EventHub(refusedEventsThrow)
  const emitted: { event: string; payload: unknown }[] = []
  events.subscribe((event, payload) => emitted.push({ event, payload }))
  const agents = new AgentService(db, paths, clock, events)
  const files = new FileService(paths, agents, events)
  const transcripts = openChatStores(db, clock.now()).transcripts
  const nexus = new NexusService(db, paths, clock, events, files, {
    repository: new SqliteNexusRepository(db, clock),
    channel: options.channel ?? 'desktop',
    config: new ConfigStore(paths.config),
    transcripts,
    agents,
    pollMs: 20,
    mirrorDelayMs: 5,
    ...(options.log ? { log: options.log } : {}),
    ...(options.similarity ? { similarity: options.similarity } : {})
  })
  return {
    paths,
    db,
    transcripts,
    events,
    clock,
    nexus,
    agents,
    emitted,
    dispose: () => {
      nexus.dispose()
      files.dispose()
      db.close()
      if (!options.root) rmSync(root, { recursive: true, force: true })
    }
  }
}

/** A chat as the chat feature stores it, seeded into this test home (see `seedChat`). */
export function seedChat(
  home: NexusTestHome,
  chat: { id: string; agent: string; title?: string; turns: readonly SeededTurn[] }
): void {
  seedChatRows(home.db, { ...chat, at: home.clock.now() })
}
