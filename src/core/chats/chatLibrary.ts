import type { AgentId, SessionId } from '../../shared/contract'
import type {
  ChatChanged,
  ChatExportFile,
  ChatExportFormat,
  ChatSearchHit
} from '../../shared/contract/chats'
import type { SessionSummary } from '../../shared/contract/sessions'
import type { CallRepository } from '../chat/store/callRepository'
import type { ChatLibraryRepository } from '../chat/store/chatLibraryRepository'
import type { SessionRecord } from '../chat/chatTypes'
import type { SessionRepository } from '../chat/store/sessionRepository'
import type { SessionPurge } from '../chat/session/sessionPurge'
import type { SessionSearch } from '../chat/store/sessionSearch'
import { sessionSummary } from '../chat/session/sessionViews'
import { conflict, notFound } from '../errors'
import type { EventHub } from '../events'
import type { Clock } from '../ports/clock'
import { exportChat } from './chatExport'
import { searchChats } from './chatSearch'

export interface ChatLibraryDeps {
  readonly repo: SessionRepository
  /** Chat's SQL for names, pins, the trash and title search. */
  readonly library: ChatLibraryRepository
  /** Every feature's step of deleting a chat for good, in one transaction. */
  readonly purge: SessionPurge
  readonly calls: CallRepository
  readonly search: SessionSearch
  readonly clock: Clock
  readonly events: EventHub
  /** True while a turn of the session runs: such a chat is not deleted under the user's feet. */
  readonly isAnswering: (sessionId: SessionId) => boolean
  /** Display names of the agents by id (an agent since deleted is shown by its id). */
  readonly agentNames: () => ReadonlyMap<AgentId, string>
}

/**
 * What a person does with their chats, beside talking in them: rename, pin, move to the trash and
 * back, delete for good, find one across every agent, and export one. Every change is announced as
 * `chats.changed` so each open list (another window, the browser host) follows.
 */
export class ChatLibrary {
  constructor(private readonly deps: ChatLibraryDeps) {}

  rename(id: SessionId, title: string): SessionSummary {
    const session = this.require(id)
    this.deps.library.rename(id, title)
    return this.changed(session, 'renamed')
  }

  /** Sets a generated title unless the user named the chat first; false when it was not applied. */
  applyGeneratedTitle(id: SessionId, title: string): boolean {
    const session = this.deps.repo.getSession(id)
    if (!session || !this.deps.library.setGeneratedTitle(id, title)) return false
    this.changed(session, 'titled')
    return true
  }

  pin(id: SessionId, pinned: boolean): SessionSummary {
    const session = this.require(id)
    if (session.deletedAtMs !== null) throw conflict('This chat is in the trash; restore it to pin it')
    this.deps.library.setPinned(id, pinned ? this.deps.clock.now() : null)
    return this.changed(session, pinned ? 'pinned' : 'unpinned')
  }

  /** Moves the chat to the trash; its rows stay until `purge`. Refused while it is answering. */
  trash(id: SessionId): SessionSummary {
    const session = this.require(id)
    if (this.deps.isAnswering(id))
      throw conflict('This chat is answering right now. Press Stop (or wait for the reply), then delete it.')
    if (session.deletedAtMs !== null) return sessionSummary(session)
    this.deps.library.setDeleted(id, this.deps.clock.now())
    return this.changed(session, 'trashed')
  }

  restore(id: SessionId): SessionSummary {
    const session = this.require(id)
    if (session.deletedAtMs === null) return sessionSummary(session)
    this.deps.library.setDeleted(id, null)
    return this.changed(session, 'restored')
  }

  /** Deletes a chat for good; only a chat already in the trash, so one click never loses a chat. */
  purge(id: SessionId): { id: SessionId } {
    const session = this.require(id)
    if (session.deletedAtMs === null)
      throw conflict('Only a chat in the trash can be deleted forever; move it to the trash first')
    if (this.deps.isAnswering(id)) throw conflict('This chat is answering right now; press Stop first')
    this.deps.purge.purge(id)
    this.announce(session, 'purged')
    return { id }
  }

  trashList(agentId?: AgentId): SessionSummary[] {
    return this.deps.library.trashIds(agentId).flatMap((id) => {
      const session = this.deps.repo.getSession(id)
      return session ? [sessionSummary(session)] : []
    })
  }

  search(query: string, options: { agentId?: AgentId; limit?: number }): ChatSearchHit[] {
    return searchChats(
      { library: this.deps.library, search: this.deps.search, agentNames: this.deps.agentNames() },
      query,
      { ...(options.agentId ? { agentId: options.agentId } : {}), limit: options.limit ?? 30 }
    )
  }

  export(id: SessionId, format: ChatExportFormat): ChatExportFile {
    const session = this.require(id)
    return exportChat(
      {
        session,
        agentName: this.deps.agentNames().get(session.agentId) ?? session.agentId,
        messages: this.deps.repo.allMessages(id),
        shown: this.deps.repo.messages(id),
        turns: this.deps.repo.versions.turns(id),
        calls: this.deps.calls.forSession(id),
        exportedAtMs: this.deps.clock.now()
      },
      format
    )
  }

  private changed(session: SessionRecord, change: ChatChanged['change']): SessionSummary {
    this.announce(session, change)
    return sessionSummary(this.require(session.id))
  }

  /** One chat's summary; a clear "not found" when there is no such chat. */
  summary(id: SessionId): SessionSummary {
    return sessionSummary(this.require(id))
  }

  private announce(session: SessionRecord, change: ChatChanged['change']): void {
    this.deps.events.emit('chats.changed', { sessionId: session.id, agentId: session.agentId, change })
  }

  private require(id: SessionId): SessionRecord {
    const session = this.deps.repo.getSession(id)
    if (!session) throw notFound(`No chat with id "${id}". Run \`hearth sessions list\` to see the chats.`)
    return session
  }
}
