import { anthropicClients } from '../../node/llm/anthropicClient'
import type { AgentId, SessionId } from '../../../shared/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Fact, FactType } from '../../../shared/contract/review'
import { openChatStores } from '../../chat/store/chatStores'
import type { SessionRepository } from '../../chat/store/sessionRepository'
import { scanForThreats } from '../../domain/prompt/scanner'
import { EventHub } from '../../events'
import { ConfigStore } from '../../home/configStore'
import { ensureHome } from '../../home/home'
import type { HomePaths } from '../../home/homePaths'
import { openDatabase, type Db } from '../../node/db/openDatabase'
import type { Retriever } from '../../ports/retriever'
import { MemorySecretStore } from '../../ports/secretStore'
import { AgentService } from '../../services/agentService'
import { SettingsService } from '../../services/settingsService'
import { openMemoryStores } from '../memoryStores'
import { factSource } from '../factSource'
import { messageSource } from '../../chat/store/messageSource'
import { nexusSource } from '../../nexus/nexusSource'
import { KnowledgeService } from '../../knowledge/knowledgeService'
import { knowledgeRetriever } from '../../knowledge/knowledgeRetriever'
import { testId } from '../../../shared/testing/ids'
import { MemoryService } from '../memoryService'
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
  /** Inserts a fact straight into the bank (approved unless told otherwise). */
  fact(
    text: string,
    options?: { status?: Fact['status']; type?: FactType; agentId?: AgentId; sessionId?: SessionId }
  ): Fact
  /** Creates a chat session with the given user/agent messages; returns their message ids. */
  session(id: string, messages: readonly { role: 'user' | 'assistant'; text: string }[]): string[]
  dispose(): void
}

/** The real MemoryService over a temp home and SQLite file; agent "scribe" exists. */
export function createServiceFixture(
  env: NodeJS.ProcessEnv = {},
  options: { readonly retriever?: Retriever } = {}
): ServiceFixture {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-memsvc-'))
  const paths = ensureHome(dir)
  const db = openDatabase(paths.db)
  const clock = new TestClock()
  const events = new EventHub()
  const emitted: { event: string; payload: unknown }[] = []
  events.subscribe((event, payload) => emitted.push({ event, payload }))
  const agents = new AgentService(db, paths, clock, events)
  const scribe = agents.create('Scribe', testId.agent('scribe')).id
  const settings = new SettingsService(new ConfigStore(paths.config), new MemorySecretStore(), env)
  const chat = openChatStores(db, clock.now())
  const knowledge = new KnowledgeService({
    db,
    paths,
    config: () => settings.config(),
    configStore: new ConfigStore(paths.config),
    secrets: new MemorySecretStore(),
    env,
    events,
    now: () => clock.now(),
    sources: { fact: factSource(db), message: messageSource(db), nexus: nexusSource(db) },
    background: false
  })
  const memory = new MemoryService({
    retriever: options.retriever ?? knowledgeRetriever(knowledge),
    stores: openMemoryStores(db, clock, chat.transcripts),
    db,
    paths,
    clock,
    events,
    settings,
    models: anthropicClients(settings),
    agents,
    scan: scanForThreats,
    transcripts: chat.transcripts
  })
  const sessions = chat.sessions
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
      knowledge.dispose()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
