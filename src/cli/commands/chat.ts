import { resolve } from 'node:path'
import { TurnFailure, type TurnResult } from '../../core/chat/turnRunner'
import { TurnStopped } from '../../core/chat/chatErrors'
import { HearthError } from '../../core/errors'
import { describeZodError } from '../../core/rpc/dispatch'
import { ChatSendInput } from '../../shared/contract/chat'
import { approveAllConfirmations } from '../../core/tools/untrustedGate'
import type { CliCommand, CommandContext, CommandResult } from '../command'

function option(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.options[name]
  return typeof value === 'string' ? value : undefined
}

/** One line under a human-mode reply: tokens, cache share, cost, and how to continue. */
function footer(result: TurnResult): string {
  const u = result.usage
  const total = u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens
  const share = total === 0 ? 0 : Math.round((100 * u.cache_read_input_tokens) / total)
  return `\n— ${total} in (${share}% from cache), ${u.output_tokens} out, $${result.costUsd.toFixed(4)} · continue with --session ${result.sessionId}`
}

function success(result: TurnResult, json: boolean): CommandResult {
  const data = {
    sessionId: result.sessionId,
    turnId: result.turnId,
    text: result.text,
    stopReason: result.stopReason,
    usage: result.usage,
    costUsd: result.costUsd,
    toolCalls: result.toolCalls.map((call) => ({ name: call.name, input: call.input, ok: call.ok }))
  }
  return { data, text: json ? '' : footer(result) }
}

function failure(error: TurnFailure, sessionId: string): CommandResult {
  const stopped = error.cause instanceof TurnStopped
  const code = error.cause instanceof HearthError ? error.cause.code : stopped ? 'stopped' : 'internal'
  const text = error.progress.texts.join('\n\n')
  process.stderr.write(`hearth: ${error.message}\n`)
  return { code: 1, data: { sessionId, text, partialKept: error.partialKept, error: { code, message: error.message } }, text: '' }
}

export const chatCommand: CliCommand = {
  words: ['chat'],
  summary: 'one user turn (tool loop included); without --session a new session',
  usage: 'hearth chat [--agent ID] [--session ID] [--cwd DIR] [--model M] [--yes] MESSAGE|-',
  options: { agent: 'string', session: 'string', cwd: 'string', model: 'string', yes: 'boolean' },
  positionals: [1, 1],
  async run(ctx) {
    const raw = ctx.positionals[0] as string
    const text = raw === '-' ? await ctx.readStdin() : raw
    const { chat, tools } = ctx.core().services
    // Nobody can answer a confirmation prompt in a one-shot CLI run: --yes approves gated tool
    // calls (memory writes, Nexus posts while untrusted MCP tools are loaded); without it they are refused.
    if (ctx.options.yes === true) tools.useConfirmationPort(approveAllConfirmations)
    const controller = new AbortController()
    const stop = (): void => controller.abort()
    process.once('SIGINT', stop)
    const agentId = option(ctx, 'agent')
    const sessionId = option(ctx, 'session')
    const cwd = option(ctx, 'cwd')
    const model = option(ctx, 'model')
    const input = ChatSendInput.safeParse({ text, ...(agentId ? { agentId } : {}), ...(sessionId ? { sessionId } : {}), ...(cwd ? { cwd: resolve(cwd) } : {}), ...(model ? { model } : {}) })
    if (!input.success) throw new HearthError('invalid_input', describeZodError(input.error))
    const started = await chat.start(input.data, controller.signal)
    const unsubscribe = ctx.json
      ? () => undefined
      : ctx.core().subscribe((event, payload) => {
          const delta = payload as { turnId?: string; text?: string }
          if (event === 'chat.delta' && delta.turnId === started.turnId) process.stdout.write(delta.text ?? '')
        })
    try {
      return success(await started.done, ctx.json)
    } catch (error) {
      if (error instanceof TurnFailure) return failure(error, started.sessionId)
      throw error
    } finally {
      unsubscribe()
      process.off('SIGINT', stop)
    }
  }
}
