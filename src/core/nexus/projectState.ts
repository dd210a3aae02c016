import type { FileDoc, FileTarget } from '../../shared/contract'
import type { NexusEntry, NexusProjectState } from '../../shared/contract/nexus'
import { HearthError } from '../errors'
import type { EventHub } from '../events'
import { withFileLock } from '../home/fileLock'
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

/** The project state as an agent or runtime reads it: its text, hash, and version in the Nexus. */
export interface StateVersion {
  readonly text: string
  readonly hash: string
  /** The seq of the newest `state` entry; null while no version was ever recorded. */
  readonly version: number | null
}

/** What an update by an agent or runtime came to. */
export type StateUpdate =
  | {
      readonly status: 'saved'
      readonly hash: string
      readonly version: number | null
      readonly changed: boolean
    }
  | { readonly status: 'stale'; readonly current: StateVersion }

/** The refusal an agent reads when someone saved in between: what happened, then what to do. */
export function staleStateMessage(current: StateVersion): string {
  return `The project state changed after you read it: it is now version ${current.version === null ? '(unrecorded)' : `#${current.version}`} with hash ${current.hash}. Nothing was saved. Merge your change into the current text (in "current") and call project_state_update again with baseHash "${current.hash}".`
}

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
    return { path: doc.path, content: doc.content, hash: doc.hash, version: this.version(), entry: null }
  }

  /** The current text, hash and version, as agents and runtimes see it. */
  current(): StateVersion {
    const doc = this.files.read(TARGET)
    return { text: doc.content, hash: doc.hash, version: this.version() }
  }

  /** The newest recorded version (the seq of the newest `state` entry). */
  version(): number | null {
    return this.nexus.repository.ofType('state', 0, 1).at(-1)?.seq ?? null
  }

  /**
   * An agent's or runtime's update, under the file's lock: saved when `baseHash` is the hash it
   * read, else refused as stale with the current version (never overwritten).
   */
  async update(content: string, baseHash: string, author: StateAuthor): Promise<StateUpdate> {
    const path = this.files.read(TARGET).path
    return withFileLock(path, () => {
      const before = this.version()
      try {
        const saved = this.save(content, baseHash, false, author)
        const version = saved.entry?.seq ?? before
        return { status: 'saved', hash: saved.hash, version, changed: version !== before } as const
      } catch (error) {
        if (error instanceof HearthError && error.code === 'conflict')
          return { status: 'stale', current: this.current() } as const
        throw error
      }
    })
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
    const entry = this.record(doc, author)
    return {
      path: doc.path,
      content: doc.content,
      hash: doc.hash,
      version: entry?.seq ?? this.version(),
      entry
    }
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
