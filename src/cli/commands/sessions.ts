import type { CliCommand } from '../command'
import { integerOption, stringOption } from '../options'

const list: CliCommand = {
  words: ['sessions', 'list'],
  summary: 'list stored sessions, newest first',
  usage: 'hearth sessions list [--agent ID] [--limit N]',
  options: { agent: 'string', limit: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    // One page: --limit (100 when not given, 1,000 at most) is the page's size, as before paging.
    const { items: sessions } = await ctx.call('sessions.list', {
      agentId: stringOption(ctx, 'agent'),
      limit: integerOption(ctx, 'limit')
    })
    const text =
      sessions.length === 0
        ? 'No sessions yet. Start one with `hearth chat "hello"`.'
        : sessions
            .map((s) => `${s.id}\t${s.agentId}\t${new Date(s.updatedAtMs).toISOString()}\t${s.title}`)
            .join('\n')
    return { data: { sessions }, text }
  }
}

const show: CliCommand = {
  words: ['sessions', 'show'],
  summary: 'the stored system prompt and the messages exactly as persisted',
  usage: 'hearth sessions show ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const detail = await ctx.call('sessions.get', { id: ctx.positionals[0] as string })
    const session = {
      id: detail.id,
      agentId: detail.agentId,
      model: detail.model,
      cwd: detail.cwd,
      promptVersion: detail.promptVersion,
      systemPrompt: detail.systemPrompt,
      messages: detail.messages.map((m) => ({
        id: m.id,
        turnId: m.turnId,
        role: m.role,
        kind: m.kind,
        status: m.status,
        error: m.error,
        inContext: m.inContext,
        content: m.content
      })),
      turns: detail.turns,
      totals: detail.totals
    }
    const lines = detail.messages.map((m) => {
      const body = m.content
        .map((block) => (block.type === 'text' ? String(block.text) : `[${String(block.type)}]`))
        .join(' ')
      return `${m.role}${m.status === 'complete' ? '' : ` (${m.status})`}: ${body}`
    })
    return {
      data: { session },
      text: [`Session ${detail.id} (${detail.agentId}, ${detail.model})`, ...lines].join('\n')
    }
  }
}

const search: CliCommand = {
  words: ['sessions', 'search'],
  summary: 'full-text search over every stored message',
  usage: 'hearth sessions search QUERY [--agent ID] [--limit N]',
  options: { agent: 'string', limit: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const { hits } = await ctx.call('sessions.search', {
      query: ctx.positionals[0] as string,
      agentId: stringOption(ctx, 'agent'),
      limit: integerOption(ctx, 'limit')
    })
    const text =
      hits.length === 0
        ? 'No matches.'
        : hits.map((h) => `${h.sessionId}\t#${h.messageId}\t${h.role}\t${h.snippet}`).join('\n')
    return { data: { hits }, text }
  }
}

const end: CliCommand = {
  words: ['sessions', 'end'],
  summary: 'end a session and run the session-end hooks (retention, nexus entry)',
  usage: 'hearth sessions end ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const report = await ctx.call('sessions.end', { id: ctx.positionals[0] as string })
    const failed = report.hooks.filter((h) => !h.ok)
    const text = [
      `Session ended. ${report.candidates.length} candidate fact(s) wait in the review inbox.`,
      ...failed.map((h) => `hook ${h.id} failed: ${h.error}`)
    ].join('\n')
    return { data: report, text }
  }
}

export const sessionsCommands: readonly CliCommand[] = [list, show, search, end]
