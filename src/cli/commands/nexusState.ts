import { UsageError, type CliCommand } from '../command'
import { stringOption } from '../options'

const USAGE = 'hearth nexus state show | hearth nexus state set --text T|- [--base HASH]'

/** `hearth nexus state show`: the shared project state with its version and hash. */
const show: CliCommand = {
  words: ['nexus', 'state', 'show'],
  summary: 'print the shared project state (nexus/project-state.md) with its version',
  usage: 'hearth nexus state show',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const state = await ctx.call('nexus.projectState.read', {})
    const { version, content: text, hash } = state
    return { data: { version, text, hash }, text: text === '' ? '(the project state is empty)' : text }
  }
}

/**
 * `hearth nexus state set --text T|- [--base HASH]`: saves a new version, recorded as a `state`
 * entry signed by the user. With --base the save is refused if someone saved after that hash was
 * read; without it the text replaces whatever is there now.
 */
const set: CliCommand = {
  words: ['nexus', 'state', 'set'],
  summary: 'save a new version of the shared project state (a state entry by the user)',
  usage: USAGE,
  options: { text: 'string', base: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const raw = stringOption(ctx, 'text')
    if (raw === undefined)
      throw new UsageError(`--text is required: the new text, or - to read it from stdin (${USAGE})`)
    const text = raw === '-' ? await ctx.readStdin() : raw
    const baseHash = stringOption(ctx, 'base') ?? (await ctx.call('nexus.projectState.read', {})).hash
    const saved = await ctx.call('nexus.projectState.save', { content: text, baseHash })
    const what = saved.entry
      ? `Saved as version #${saved.entry.seq}`
      : 'Unchanged: this text is already the current version'
    return {
      data: { version: saved.version, text: saved.content, hash: saved.hash },
      text: `${what} (sha256 ${saved.hash.slice(0, 12)}).`
    }
  }
}

export const nexusStateCommands: readonly CliCommand[] = [show, set]
