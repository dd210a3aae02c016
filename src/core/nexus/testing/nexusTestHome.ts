import type { Transcripts } from '../../ports/transcripts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HomePaths } from '../../home/homePaths'
import type { Db } from '../../node/db/openDatabase'
import { silentLogger, type Logger } from '../../ports/logger'
import type { DecisionSimilarity } from '../../ports/decisionSimilarity'
import { seedChat as seedChatRows, type SeededTurn } from '../../chat/testing/seedChat'
import type { NexusService } from '../nexusService'
import type { EventHub } from '../../events'
import type { AgentService } from '../../services/agentService'
import { createCore } from '../../createCore'

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

export type { SeededTurn } from '../../chat/testing/seedChat'

/**
 * A real core (`createCore`, as every host builds it) on a temp home, for the Nexus's own tests:
 * its clock moved by hand, quick polls, and the Nexus service itself within reach. Channel
 * `desktop` is an app host's core, `cli` a CLI command's.
 */
export function openNexusTestHome(
  options: { channel?: 'desktop' | 'cli'; root?: string; log?: Logger; similarity?: DecisionSimilarity } = {}
): NexusTestHome {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'hearth-nexus-'))
  const clock = steppableClock()
  const core = createCore({
    home: root,
    host: options.channel === 'cli' ? 'cli' : 'web',
    clock,
    env: {},
    log: options.log ?? refusedEventsThrow,
    seams: {
      knowledgeBackground: false,
      nexus: {
        pollMs: 20,
        mirrorDelayMs: 5,
        ...(options.similarity ? { similarity: options.similarity } : {})
      }
    }
  })
  const emitted: { event: string; payload: unknown }[] = []
  core.subscribe((event, payload) => emitted.push({ event, payload }))
  const { db, chatStores, nexus } = core.internals
  return {
    paths: core.services.paths,
    db,
    transcripts: chatStores.transcripts,
    events: core.services.events,
    clock,
    nexus,
    agents: core.services.agents,
    emitted,
    dispose: () => {
      core.dispose()
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
