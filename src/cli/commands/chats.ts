import { existsSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { SessionSummary } from '../../shared/contract'
import { UsageError, type CliCommand, type CommandContext } from '../command'
import { choiceOption, integerOption, stringOption } from '../options'

/** One chat as a line: id, agent, title, and what is special about it. */
function chatLine(session: SessionSummary): string {
  const marks = [session.pinnedAtMs !== null ? 'pinned' : '', session.deletedAtMs !== null ? 'in trash' : '']
  return [session.id, session.agentId, session.title || 'Untitled', ...marks.filter(Boolean)].join('\t')
}

function idOf(ctx: CommandContext): string {
  return ctx.positionals[0] as string
}

/** A command that changes one chat and prints what it is now. */
function chatChange(
  words: readonly [string, string],
  summary: string,
  change: (ctx: CommandContext) => Promise<SessionSummary>,
  said: string
): CliCommand {
  return {
    words: [...words],
    summary,
    usage: `hearth ${words.join(' ')} ID`,
    options: {},
    positionals: [1, 1],
    async run(ctx) {
      const session = await change(ctx)
      return { data: { session }, text: `${said}: ${chatLine(session)}` }
    }
  }
}

const rename: CliCommand = {
  words: ['sessions', 'rename'],
  summary: 'give a chat a name (a generated title never replaces it)',
  usage: 'hearth sessions rename ID TITLE',
  options: {},
  positionals: [2, 2],
  async run(ctx) {
    const session = await ctx.call('chats.rename', { id: idOf(ctx), title: ctx.positionals[1] as string })
    return { data: { session }, text: `Renamed: ${chatLine(session)}` }
  }
}

const pin = chatChange(
  ['sessions', 'pin'],
  "keep a chat at the top of its agent's list",
  (ctx) => ctx.call('chats.pin', { id: idOf(ctx), pinned: true }),
  'Pinned'
)
const unpin = chatChange(
  ['sessions', 'unpin'],
  'let a pinned chat take its place by date again',
  (ctx) => ctx.call('chats.pin', { id: idOf(ctx), pinned: false }),
  'Unpinned'
)
const remove = chatChange(
  ['sessions', 'delete'],
  'move a chat to the trash (restorable; `sessions purge` deletes it for good)',
  (ctx) => ctx.call('chats.delete', { id: idOf(ctx) }),
  'Moved to the trash'
)
const restore = chatChange(
  ['sessions', 'restore'],
  'bring a chat back from the trash',
  (ctx) => ctx.call('chats.restore', { id: idOf(ctx) }),
  'Restored'
)

const purge: CliCommand = {
  words: ['sessions', 'purge'],
  summary: 'delete a chat in the trash forever (its messages, calls and versions)',
  usage: 'hearth sessions purge ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const result = await ctx.call('chats.purge', { id: idOf(ctx) })
    return { data: result, text: `Deleted forever: ${result.id}` }
  }
}

const trash: CliCommand = {
  words: ['sessions', 'trash'],
  summary: 'the chats in the trash, most recently deleted first',
  usage: 'hearth sessions trash [--agent ID]',
  options: { agent: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const sessions = await ctx.call('chats.trash', { agentId: stringOption(ctx, 'agent') })
    const text = sessions.length === 0 ? 'The trash is empty.' : sessions.map(chatLine).join('\n')
    return { data: { sessions }, text }
  }
}

const find: CliCommand = {
  words: ['sessions', 'find'],
  summary: 'find chats of every agent by title and message text, one hit per chat',
  usage: 'hearth sessions find QUERY [--agent ID] [--limit N]',
  options: { agent: 'string', limit: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const { hits } = await ctx.call('chats.search', {
      query: ctx.positionals[0] as string,
      agentId: stringOption(ctx, 'agent'),
      limit: integerOption(ctx, 'limit')
    })
    const line = (hit: (typeof hits)[number]): string =>
      [hit.sessionId, hit.agentName, hit.title, hit.snippet.map((part) => part.text).join('')].join('\t')
    return { data: { hits }, text: hits.length === 0 ? 'No chats match.' : hits.map(line).join('\n') }
  }
}

const exportChat: CliCommand = {
  words: ['sessions', 'export'],
  summary: 'a chat as Markdown or JSON, to stdout or a file',
  usage: 'hearth sessions export ID --format md|json [--out FILE] [--force]',
  options: { format: 'string', out: 'string', force: 'boolean' },
  positionals: [1, 1],
  async run(ctx) {
    const format = choiceOption(ctx, 'format', ['md', 'json'] as const, 'md (Markdown) or json') ?? 'md'
    const out = stringOption(ctx, 'out')
    const target = out === undefined ? null : resolve(out)
    if (target !== null && existsSync(target) && ctx.options.force !== true)
      throw new UsageError(`${target} already exists; pass --force to overwrite it`)
    const file = await ctx.call('chats.export', { id: idOf(ctx), format })
    if (target !== null) writeFileSync(target, file.text, { encoding: 'utf8', mode: 0o600 })
    const bytes = Buffer.byteLength(file.text, 'utf8')
    const data = { fileName: file.fileName, mediaType: file.mediaType, out: target, bytes }
    if (target !== null) return { data, text: `Wrote ${target} (${bytes} bytes)` }
    return { data: { ...data, text: file.text }, text: file.text.replace(/\n$/, '') }
  }
}

export const chatsCommands: readonly CliCommand[] = [
  rename,
  pin,
  unpin,
  remove,
  restore,
  purge,
  trash,
  find,
  exportChat
]
