import type { FileDoc, FileTarget } from '../../shared/contract'
import type { NexusEntry, NexusProjectState } from '../../shared/contract/nexus'
import type { EventHub } from '../events'
import type { FileService } from '../services/fileService'
import type { NexusLog } from './nexusLog'

const TARGET: FileTarget = { kind: 'project-state' }
const HASH_LINE = /^sha256 ([0-9a-f]{64})/
/** How much of the file a `state` entry carries, so the log keeps a readable history. */
const BODY_EXCERPT = 16_000

/** Who a recorded version is signed by: the user (the editor), or an MCP client for its agent. */
export interface StateAuthor {
  readonly agent: string
  readonly channel?: string
}
const USER: StateAuthor = { agent: 'user' }

/**
 * nexus/project-state.md is an ordinary file the user edits (Monaco in the app, any editor
 * outside); the Nexus records each saved version as a `state` entry carrying the file's hash.
 * Saves through any path that announces `files.changed` are recorded, and a version is
 * recorded once however many times it is announced.
 */
export class ProjectStateLog {
  private readonly unsubscribe: () => void
  /** Set while `save` writes, so the save's own announcement does not record it as the user's. */
  private saving = false

  constructor(
    private readonly nexus: NexusLog,
    private readonly files: FileService,
    events: EventHub
  ) {
    this.unsubscribe = events.subscribe((event, payload) => {
      if (event !== 'files.changed') return
      if (payload.target?.kind === 'project-state' && !this.saving) this.recordCurrent()
    })
  }

  read(): NexusProjectState {
    const doc = this.files.read(TARGET)
    return { path: doc.path, content: doc.content, hash: doc.hash, entry: null }
  }

  /** Saves with the editor's compare-and-swap hash, then returns the `state` entry of that version. */
  save(content: string, baseHash: string, force = false, author: StateAuthor = USER): NexusProjectState {
    this.saving = true
    let doc: FileDoc
    try {
      doc = this.files.write(TARGET, content, baseHash, force)
    } finally {
      this.saving = false
    }
    return { path: doc.path, content: doc.content, hash: doc.hash, entry: this.record(doc, author) }
  }

  dispose(): void {
    this.unsubscribe()
  }

  private recordCurrent(): void {
    try {
      this.record(this.files.read(TARGET))
    } catch {
      // An unreadable file is reported by the editor; there is no version to record.
    }
  }

  /** Appends a `state` entry unless the latest one (by anyone) already has this hash. */
  private record(doc: FileDoc, author: StateAuthor = USER): NexusEntry | null {
    if (!doc.exists || doc.readError) return null
    const latest = this.nexus.repository.ofType('state', 0, 1).at(-1)
    if (latest && HASH_LINE.exec(latest.body ?? '')?.[1] === doc.hash) return latest
    const lines = doc.content.split('\n').length
    const excerpt =
      doc.content.length > BODY_EXCERPT ? `${doc.content.slice(0, BODY_EXCERPT)}\n…(cut)` : doc.content
    return this.nexus.post({
      agent: author.agent,
      ...(author.channel ? { channel: author.channel } : {}),
      type: 'state',
      summary: `Project state saved (${lines} line${lines === 1 ? '' : 's'}, sha256 ${doc.hash.slice(0, 12)})`,
      body: `sha256 ${doc.hash}\n\n${excerpt}`
    }).entry
  }
}
