import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { AgentId, NexusEntryType, SessionId } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'
import { createCore, type Core } from '../../createCore'
import { insertApprovedFact } from '../../memory/testing/approvedFact'
import type { SecretStore } from '../../ports/secretStore'

export const SCRIBE = testId.agent('scribe')
export const OTHER = testId.agent('other')

export interface KnowledgeHome {
  readonly core: Core
  readonly dir: string
  fact(text: string, agent?: AgentId): number
  /** A chat of `agent` with these messages, user and reply in turn; returns the session and message ids. */
  chat(messages: readonly string[], agent?: AgentId): { sessionId: SessionId; messageIds: number[] }
  post(type: NexusEntryType, summary: string, extra?: { body?: string; rationale?: string }): number
  /** Writes a file under the home (path relative to it). */
  file(rel: string, text: string): string
  dispose(): void
}

let sessions = 0

/** A real core on a temporary home with agents "scribe" and "other"; nothing runs in the background. */
export function knowledgeHome(
  options: { env?: NodeJS.ProcessEnv; secrets?: SecretStore } = {}
): KnowledgeHome {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-knowledge-'))
  const core = createCore({
    home: dir,
    host: 'cli',
    env: options.env ?? {},
    ...(options.secrets ? { secrets: options.secrets } : {}),
    seams: { knowledgeBackground: false }
  })
  core.services.agents.create('Scribe', SCRIBE)
  core.services.agents.create('Other', OTHER)
  const store = core.internals.chatStores.sessions
  return {
    core,
    dir,
    fact: (text, agent = SCRIBE) => insertApprovedFact(core, agent, text),
    chat(messages, agent = SCRIBE) {
      const sessionId = testId.session(`s${++sessions}`)
      store.createSession({
        id: sessionId,
        agentId: agent,
        cwd: null,
        model: 'claude-sonnet-5-5',
        provider: 'anthropic',
        platform: 'cli',
        systemPrompt: 'You are an agent.',
        promptReport: {
          tiers: { stable: '', context: '', volatile: '' },
          tierOffsets: {},
          layers: [],
          warnings: [],
          tokens: 0
        },
        tools: [],
        toolsHash: 'none',
        nowMs: Date.now()
      })
      const messageIds = messages.map((text, i) =>
        Number(
          store.appendMessage({
            sessionId,
            turnId: testId.turn(`t${Math.floor(i / 2)}`),
            role: i % 2 === 0 ? 'user' : 'assistant',
            kind: i % 2 === 0 ? 'text' : 'reply',
            content: [{ type: 'text', text }],
            status: 'complete',
            nowMs: Date.now()
          }).id
        )
      )
      return { sessionId, messageIds }
    },
    post: (type, summary, extra = {}) =>
      core.services.nexus.post({ agent: 'user', type, summary, ...extra }).entry.seq,
    file(rel, text) {
      const path = join(dir, rel)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, text)
      return path
    },
    dispose() {
      core.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
