import type {
  FactProvenance,
  FactType,
  ImportKind,
  ImportSource,
  McpServerDraft,
  Speaker
} from '../../shared/contract'
import type { ImportedMessage } from '../chat/store/importedSessions'

/** A memory entry from the other runtime, proposed to Review (never written to memory directly). */
export interface CandidateItem {
  readonly kind: 'candidate'
  readonly text: string
  readonly type: FactType
  readonly speaker: Speaker
  readonly provenance: FactProvenance
  /** When the other runtime wrote it, if it says (a daily note's date). */
  readonly createdAtMs?: number
}

/** One message of a conversation, in its tree: `parent` is the message it answers or follows. */
export interface ConversationNode {
  readonly id: string
  readonly parent: string | null
  readonly message: ImportedMessage
}

/** A whole conversation; `shownLeaf` is the message the other runtime showed last (its current branch). */
export interface ConversationItem {
  readonly kind: 'session'
  readonly conversationId: string
  readonly title: string
  readonly model: string
  readonly startedAtMs: number
  readonly updatedAtMs: number
  readonly nodes: readonly ConversationNode[]
  readonly shownLeaf: string | null
  /** Where it came from, for the report and a problem: the file, and the conversation in it. */
  readonly ref: string
}

export interface SkillItem {
  readonly kind: 'skill'
  /** `category/name` as it will sit under the home's skills/. */
  readonly path: string
  /** The skill folder's files, relative to it (SKILL.md first). */
  readonly files: readonly { readonly rel: string; readonly bytes: Buffer }[]
  readonly ref: string
}

export interface PersonaItem {
  readonly kind: 'persona'
  readonly text: string
  /** The agent's name, when the other runtime names it. */
  readonly name: string | null
  readonly ref: string
}

/** A file kept beside the agent for reference, never put in the prompt. */
export interface ReferenceFileItem {
  readonly kind: 'file'
  readonly name: string
  readonly text: string
  readonly ref: string
}

export interface ProposalItem {
  readonly kind: 'mcp_server'
  readonly draft: McpServerDraft
  readonly ref: string
}

export type ImportItem =
  CandidateItem | ConversationItem | SkillItem | PersonaItem | ReferenceFileItem | ProposalItem

export interface SkipItem {
  readonly kind: 'skip'
  readonly itemKind: ImportKind
  readonly ref: string
  readonly reason: string
}

/** What a source yields while it reads: items, things it leaves out, and how far it got. */
export type SourceEvent = ImportItem | SkipItem | { readonly kind: 'progress'; readonly done: number }

/** What a source's progress counts, and how much of it there is, measured before the read starts. */
export interface ImportMeasure {
  readonly unit: 'bytes' | 'parts'
  readonly total: number
}

/** Reads one runtime's home or export; a file it cannot read throws `ImportFileError`. */
export interface ImportSourceReader {
  readonly source: ImportSource
  /** The folder or file read when none is given. */
  defaultPath(homeDir: string): string
  /**
   * The total progress is counted against, before reading: the bytes of an export's main file,
   * or the parts (files, chats) of a home folder. `progress` events count up to it.
   */
  measure(path: string): Promise<ImportMeasure>
  read(path: string): AsyncIterable<SourceEvent>
}

/** A file of the source that cannot be read: the import stops, reports it and writes nothing. */
export class ImportFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    message: string
  ) {
    super(message)
  }
}
