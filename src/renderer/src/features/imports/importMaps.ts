import type { ImportSource } from '../../../../shared/contract'

/** One row of "what maps where": a thing of the source, and where it lands in Hearth. */
export type MapRow = readonly [from: string, to: string]

/** Per source: where each thing lands, and what is left out and why (the same as docs/imports.md). */
export const IMPORT_MAPS: Readonly<
  Record<ImportSource, { readonly rows: readonly MapRow[]; readonly leftOut: readonly MapRow[] }>
> = {
  hermes: {
    rows: [
      ['SOUL.md', "the agent's SOUL.md (asks before replacing one of its own)"],
      ['memories/MEMORY.md entries (split on §)', 'candidates in Review, about the work'],
      ['memories/USER.md entries', 'candidates in Review, about you'],
      [
        'skills/<category>/<skill>/',
        "the home's skills (a different skill of the same name is reported, never overwritten)"
      ],
      [
        'state.db sessions and messages',
        'imported chats with their original times (tool calls and results kept)'
      ],
      ['config.yaml mcp_servers', 'proposed MCP servers, not run until you accept them']
    ],
    leftOut: [
      ['system messages', "Hermes's own prompt, not what you or the agent said"],
      ['messages Hermes compacted away', 'Hermes no longer shows them either'],
      ['server entries with neither a command nor a URL', 'nothing Hearth could run']
    ]
  },
  openclaw: {
    rows: [
      ['workspace SOUL.md', "the agent's SOUL.md; IDENTITY.md's name names the agent"],
      ['USER.md active directives', 'candidates in Review, about you'],
      ['MEMORY.md and memory/*.md bullets', "candidates in Review (a daily note's date kept)"],
      ['AGENTS.md', 'kept beside the agent as imported/openclaw-AGENTS.md (not put in the prompt)'],
      ['transcripts (agent database and sessions/*.jsonl)', 'imported chats with their original times']
    ],
    leftOut: [
      ['superseded directives', 'USER.md marks them as no longer true'],
      ['BOOTSTRAP.md', "OpenClaw's first-run ritual, not about the agent"],
      ['zstd-compressed events on Node before 22.15', 'that Node cannot read zstd; counted in the report']
    ]
  },
  chatgpt: {
    rows: [
      ['each conversation of conversations.json', 'an imported chat with its title and times'],
      ['the branch ending at current_node', 'the messages the chat shows'],
      ['other branches (edited messages, regenerated answers)', 'versions of those messages'],
      ['chosen conversations, on request', 'candidates in Review, read by retention']
    ],
    leftOut: [
      [
        'system and tool messages, messages to tools, hidden messages',
        'not what you or ChatGPT said to each other'
      ],
      ['images', 'not in the export’s JSON; the text around them is kept']
    ]
  },
  claude: {
    rows: [
      ["each conversation's chat_messages", 'an imported chat with its title and times'],
      ["an attachment's extracted text", 'kept in its message'],
      ['chosen conversations, on request', 'candidates in Review, read by retention']
    ],
    leftOut: [
      ['thinking blocks', "Claude's working, not its answer"],
      ['files without extracted text', 'the export holds no text of them'],
      ['conversations without messages', 'nothing to import']
    ]
  },
  hearth: {
    rows: [
      ['SOUL.md', "the agent's SOUL.md"],
      ['memory entries, memory files and approved facts', 'candidates in Review again (this home decides)'],
      ['skills', "the home's skills (clashes reported, never overwritten)"],
      ['chats', 'imported chats with their times']
    ],
    leftOut: [['attachments', 'named in their message; their bytes stay in the home they came from']]
  }
}
