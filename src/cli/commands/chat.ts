import { resolve } from 'node:path'
import type { EventArgs, TypedEventListener } from '../../shared/contract'
import type { ChatFailed, ChatFinished } from '../../shared/contract/chat'
import type { ToolServerProblem } from '../../shared/contract/tools'
import type { CliCommand, CommandContext, CommandResult } from '../command'
import { stringOption } from '../options'

/** What the command learns about one turn from the contract's chat.* events. */
interface TurnOutcome {
  readonly end:
    | { readonly kind: 'finished'; readonly finished: ChatFinished }
    | { readonly kind: 'failed'; readonly failed: ChatFailed }
  readonly toolCalls: readonly { readonly name: string; readonly input: unknown; readonly ok: boolean }[]
  /** The reply text of each model call, in order (what arrived before a failure). */
  readonly texts: readonly string[]
}

/**
 * Collects chat.* events from before `chat.send` answers (a turn may start streaming at once),
 * and resolves with the outcome of the turn `chat.send` names.
 */
function watchTurns(
  ctx: CommandContext,
  echo: boolean
): { outcome(turnId: string): Promise<TurnOutcome>; stop(): void } {
  const seen: EventArgs[] = []
  let onEvent: TypedEventListener | undefined
  const stop = ctx.subscribe((...args) => (onEvent ? onEvent(...args) : seen.push(args)))
  return {
    stop,
    outcome: (turnId) =>
      new Promise((resolve) => {
        const texts = new Map<number, string>()
        const toolCalls: { name: string; input: unknown; ok: boolean }[] = []
        const finish = (end: TurnOutcome['end']): void =>
          resolve({ end, toolCalls, texts: [...texts.values()].filter((text) => text.length > 0) })
        onEvent = (event, payload) => {
          if (event === 'chat.delta') {
            if (payload.turnId !== turnId) return
            texts.set(payload.messageId, (texts.get(payload.messageId) ?? '') + payload.text)
            if (echo) process.stdout.write(payload.text)
          } else if (event === 'chat.toolCall') {
            if (payload.turnId === turnId && payload.phase === 'finished')
              toolCalls.push({ name: payload.name, input: payload.input, ok: payload.ok === true })
          } else if (event === 'chat.finished') {
            if (payload.turnId === turnId) finish({ kind: 'finished', finished: payload })
          } else if (event === 'chat.failed') {
            if (payload.turnId === turnId) finish({ kind: 'failed', failed: payload })
          }
        }
        for (const args of seen.splice(0)) onEvent(...args)
      })
  }
}

/** One line under a human-mode reply: tokens, cache share, cost, and how to continue. */
function footer(finished: ChatFinished): string {
  const u = finished.usage
  const total = u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens
  const share = total === 0 ? 0 : Math.round((100 * u.cache_read_input_tokens) / total)
  return `\n— ${total} in (${share}% from cache), ${u.output_tokens} out, $${finished.costUsd.toFixed(4)} · continue with --session ${finished.sessionId}`
}

/** In human mode each tool-server problem is one stderr line, so a broken server is never silent. */
function reportProblems(problems: readonly ToolServerProblem[], json: boolean): void {
  if (json) return
  for (const problem of problems)
    process.stderr.write(`hearth: MCP server "${problem.server}": ${problem.message}\n`)
}

function report(outcome: TurnOutcome, json: boolean, problems: readonly ToolServerProblem[]): CommandResult {
  const { end, toolCalls, texts } = outcome
  reportProblems(problems, json)
  if (end.kind === 'failed' || end.finished.stopReason === 'stopped') {
    const { sessionId } = end.kind === 'failed' ? end.failed : end.finished
    const error =
      end.kind === 'failed'
        ? { code: end.failed.code, message: end.failed.message }
        : { code: 'stopped', message: 'Stopped' }
    const partialKept = end.kind === 'failed' ? end.failed.partialKept : texts.length > 0
    process.stderr.write(`hearth: ${error.message}\n`)
    return { code: 1, data: { sessionId, text: texts.join('\n\n'), partialKept, error, problems }, text: '' }
  }
  const { finished } = end
  const data = {
    sessionId: finished.sessionId,
    turnId: finished.turnId,
    text: finished.text,
    stopReason: finished.stopReason,
    usage: finished.usage,
    costUsd: finished.costUsd,
    toolCalls,
    problems
  }
  return { data, text: json ? '' : footer(finished) }
}

export const chatCommand: CliCommand = {
  words: ['chat'],
  summary: 'one user turn (tool loop included); without --session a new session',
  usage: 'hearth chat [--agent ID] [--session ID] [--cwd DIR] [--model M] [--yes] MESSAGE|-',
  options: { agent: 'string', session: 'string', cwd: 'string', model: 'string', yes: 'boolean' },
  positionals: [1, 1],
  // Nobody can answer a confirmation prompt in a one-shot CLI run: --yes approves gated tool
  // calls (memory writes, Nexus posts while untrusted MCP tools are loaded); without it they are refused.
  coreOptions: (options) => ({ approveGatedTools: options.yes === true }),
  async run(ctx) {
    const raw = ctx.positionals[0] as string
    const text = raw === '-' ? await ctx.readStdin() : raw
    const blank = (name: string): string | undefined => stringOption(ctx, name) || undefined
    const watcher = watchTurns(ctx, !ctx.json)
    let turnId: string | undefined
    // A cancel that fails found the turn already over, which is what Ctrl+C wanted anyway.
    const stop = (): void => void (turnId && ctx.call('chat.cancel', { turnId }).catch(() => undefined))
    process.once('SIGINT', stop)
    try {
      // A relative --cwd means one relative to where the command runs, not to the core.
      const cwd = blank('cwd')
      const started = await ctx.call('chat.send', {
        text,
        agentId: blank('agent'),
        sessionId: blank('session'),
        cwd: cwd && resolve(cwd),
        model: blank('model')
      })
      turnId = started.turnId
      const outcome = await watcher.outcome(started.turnId)
      const { problems } = await ctx.call('tools.problems', { sessionId: started.sessionId })
      return report(outcome, ctx.json, problems)
    } finally {
      watcher.stop()
      process.off('SIGINT', stop)
    }
  }
}
