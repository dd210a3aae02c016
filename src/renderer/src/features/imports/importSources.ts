import type { ImportSource } from '../../../../shared/contract'

/** Each source as the wizard offers it: what it reads, and what the path field takes. */
export const IMPORT_SOURCES: readonly {
  readonly id: ImportSource
  readonly label: string
  /** The runtime or app, as an import is named after it ("the ChatGPT import of 4 Dec"). */
  readonly name: string
  readonly reads: string
  readonly path: string
  /** The path may be left empty (the source's own home is used). */
  readonly optionalPath: boolean
}[] = [
  {
    id: 'hermes',
    name: 'Hermes',
    label: 'Hermes',
    reads: 'SOUL.md, MEMORY.md and USER.md entries, skills, sessions from state.db, MCP servers',
    path: 'Hermes home folder (empty: $HERMES_HOME or ~/.hermes)',
    optionalPath: true
  },
  {
    id: 'openclaw',
    name: 'OpenClaw',
    label: 'OpenClaw',
    reads: 'the workspace persona and memory files, daily notes, session transcripts',
    path: 'OpenClaw home folder (empty: $OPENCLAW_STATE_DIR or ~/.openclaw)',
    optionalPath: true
  },
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    label: 'ChatGPT export',
    reads: 'every conversation, with its title, times and edited branches',
    path: 'The data export’s zip, or its conversations.json',
    optionalPath: false
  },
  {
    id: 'claude',
    name: 'Claude',
    label: 'Claude export',
    reads: 'every conversation, with attachments’ extracted text',
    path: 'The data export’s zip, or its conversations.json',
    optionalPath: false
  },
  {
    id: 'hearth',
    name: 'Hearth agent file',
    label: 'Hearth agent file',
    reads: 'an agent exported from Hearth: persona, memory, facts, skills, chats',
    path: 'The .hearth-agent.json file',
    optionalPath: false
  }
]
