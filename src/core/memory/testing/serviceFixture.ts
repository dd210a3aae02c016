import type { AgentId, SessionId } from '../../../shared/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Fact, FactType } from '../../../shared/contract/review'
import type { SessionRepository } from '../../chat/store/sessionRepository'
import { createCore, type Core } from '../../createCore'
import type { EventHub } from '../../events'
import type { HomePaths } from '../../home/homePaths'
import type { Db } from '../../node/db/openDatabase'
import type { Retriever } from '../../ports/retriever'
import type { AgentService } from '../../services/agentService'
import type { KnowledgeService } from '../../knowledge/knowledgeService'
import { testId } from '../../../shared/testing/ids'
import type { MemoryService } from '../memoryService'
import { TestClock } from './memoryFixture'

export interface ServiceFixture {
  readonly paths: HomePaths
  readonly db: Db
  readonly clock: TestClock
  readonly events: EventHub
  readonly emitted: { event: string; payload: unknown }[]
  readonly memory: MemoryService
  readonly knowledge: KnowledgeService
  readonly agents: AgentService
  readonly sessions: SessionRepository
  /** The whole core, for a test that goes through a host's face (`core.services`) or the handlers. */
  readonly core: Core
  /** Inserts a fact straight into the bank (approved unless told otherwise). */
  fact(
    text: string,
    options?: { status?: Fact['status']; type?: FactType; agentId?: AgentId; sessionId?: SessionId }
  ): Fact
  /** Creates a chat session with the given user/agent messages; returns their message ids. */
  session(id: string, messages: readonly { role: 'user' | 'assistant'; text: string }[]): string[]
  dispose(): void
}

/**
 * A real core on a temp home, as the app builds it (`createCore`), with agent "scribe"; memory's
 * service is the one the core wired, reached through `Core.internals` for its parts. A test may
 * hand recall another retriever through the core's seam; nothing indexes in the background.
 */
export function createServiceFixture(
  env: NodeJS.ProcessEnv = {},
  options: { readonly retriever?: Retriever } = {}
): ServiceFixture {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-memsvc-'))
  const clock = new TestClock()
  const core = createCore({
    home: dir,
    host: 'cli',
    env,
    clock,
    seams: { knowledgeBackground: false, ...(options.retriever ? { retriever: options.retriever } : {}) }
  })
  const { paths, events, agents, knowledge } = core.services
  const { db, memory } = core.internals
  const emitted: { event: string; payload: unknown }[] = []
  events.subscribe((event, payload) => emitted.push({ event, payload }))
  const scribe = agents.create('Scribe', testId.agent('scribe')).id
  const sessions = core.internals.chatStores.sessions
  return {
    paths,
    db,
    clock,
    events,
    emitted,
    memory,
    knowledge,
    agents,
    sessions,
    core,
    fact: (text, options = {}) =>
      memory.facts.insert({
        agentId: options.agentId ?? scribe,
        status: options.status ?? 'approved',
        type: options.type ?? 'user_fact',
        speaker: 'user',
        text,
        entities: [],
        quote: '',
        sessionId: options.sessionId ?? null,
        messageId: null,
        scanFindings: [],
        mergeTargetId: null,
        mergeKind: null,
        origin: 'user'
      }),
    session: (rawId, messages) => {
      const id = testId.session(rawId)
      const report = {
        tiers: { stable: '', context: '', volatile: '' },
        tierOffsets: {},
        layers: [],
        warnings: [],
        tokens: 0
      }
      sessions.createSession({
        id,
        agentId: scribe,
        cwd: null,
        model: 'claude-sonnet-5-5',
        provider: 'anthropic',
        platform: 'cli',
        systemPrompt: 'You are Scribe.',
        promptReport: report,
        tools: [],
        toolsHash: 'none',
        nowMs: clock.now()
      })
      return messages.map((m, i) =>
        String(
          sessions.appendMessage({
            sessionId: id,
            turnId: testId.turn(`t${Math.floor(i / 2)}`),
            role: m.role,
            kind: m.role === 'user' ? 'text' : 'reply',
            content: [{ type: 'text', text: m.text }],
            status: 'complete',
            nowMs: clock.now()
          }).id
        )
      )
    },
    dispose: () => {
      core.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
