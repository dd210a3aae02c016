import type { SessionDetail, TurnId } from '../../shared/contract'
import { HearthError } from '../../core/errors'
import { UsageError, type CliCommand } from '../command'
import { integerOption } from '../options'
import { formatEntry } from './nexus'

const USAGE = 'hearth nexus mark SESSION_ID [--turn N|--message ID]'

/** The conversation's turns in the order shown, each once (a turn spans several messages). */
function turnsOf(session: SessionDetail): TurnId[] {
  return [...new Set(session.messages.map((message) => message.turnId))]
}

/** The turn the options name: the Nth (from 1), the one holding a message, or else the last. */
function chosenTurn(session: SessionDetail, turn: number | undefined, message: number | undefined): TurnId {
  const turns = turnsOf(session)
  if (message !== undefined) {
    const found = session.messages.find((stored) => stored.id === message)
    if (!found)
      throw new HearthError('not_found', `Session ${session.id} has no message ${message} on its shown path.`)
    return found.turnId
  }
  if (turns.length === 0) throw new HearthError('not_found', `Session ${session.id} has no turns yet.`)
  if (turn === undefined) return turns.at(-1) as TurnId
  if (turn < 1 || turn > turns.length)
    throw new UsageError(
      `--turn must be between 1 and ${turns.length} (the session has ${turns.length} turns)`
    )
  return turns[turn - 1] as TurnId
}

/**
 * `hearth nexus mark SESSION_ID [--turn N|--message ID]`: the user marks a finished turn as
 * meaningful, so it gets a `turn` entry now; a turn that already has one (the model's own or an
 * automatic one) keeps it, and the answer says so.
 */
const mark: CliCommand = {
  words: ['nexus', 'mark'],
  summary:
    "mark a finished turn as meaningful: it gets a turn entry in the Nexus (default: the session's last turn)",
  usage: USAGE,
  options: { turn: 'string', message: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const turn = integerOption(ctx, 'turn')
    const message = integerOption(ctx, 'message')
    if (turn !== undefined && message !== undefined)
      throw new UsageError(`pass --turn or --message, not both (${USAGE})`)
    const session = await ctx.call('sessions.get', { id: ctx.positionals[0] as string })
    const turnId = chosenTurn(session, turn, message)
    const result = await ctx.call('nexus.markTurn', { sessionId: session.id, turnId })
    const what = result.created
      ? `Posted as entry #${result.entry.seq}:`
      : `Already in the Nexus as entry #${result.entry.seq}; nothing new was posted:`
    return { data: { ...result, turnId }, text: `${what}\n${formatEntry(result.entry)}` }
  }
}

export const nexusMarkCommand: CliCommand = mark
