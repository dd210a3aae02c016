import { MemoryTarget, type MemoryToolResult } from '../../shared/contract/memory'
import { UsageError, type CliCommand, type CommandContext } from '../command'
import { agentOrFirst, choiceOption, stringOption } from '../options'

const TARGET_HINT = '"memory" (the agent\'s MEMORY.md) or "user" (USER.md)'

function target(ctx: CommandContext): MemoryTarget {
  const value = choiceOption(ctx, 'target', MemoryTarget.options, TARGET_HINT)
  if (value === undefined) throw new UsageError(`--target must be ${TARGET_HINT}`)
  return value
}

const show: CliCommand = {
  words: ['memory', 'show'],
  summary: "show the entries and usage of an agent's MEMORY.md or of USER.md",
  usage: 'hearth memory show [--agent ID] --target memory|user',
  options: { agent: 'string', target: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const view = await ctx.call('memory.show', { agentId: await agentOrFirst(ctx), target: target(ctx) })
    const body =
      view.entries.length === 0
        ? '(no entries)'
        : view.entries.map((entry, i) => `[${i + 1}] ${entry}`).join('\n§\n')
    return {
      data: {
        entries: view.entries,
        usage: view.usage.text,
        path: view.path,
        chars: view.usage.chars,
        limit: view.usage.limit
      },
      text: `${view.path}  ${view.usage.text}\n\n${body}`
    }
  }
}

function describeResult(result: MemoryToolResult): string {
  if (result.success) return `${result.message ?? 'Saved.'} Usage: ${result.usage ?? ''}`
  const lines = [`Refused: ${result.error ?? 'unknown reason'}`]
  if (result.matches) lines.push('Matching entries:', ...result.matches.map((m) => `  - ${m}`))
  if (result.current_entries)
    lines.push(`Current entries (${result.usage ?? ''}):`, ...result.current_entries.map((e) => `  - ${e}`))
  if (result.remediation) lines.push(result.remediation)
  return lines.join('\n')
}

/** add / replace / remove: exactly the memory tool's operation, on the user's behalf. */
function write(action: 'add' | 'replace' | 'remove'): CliCommand {
  const needs =
    action === 'add' ? '--content C' : action === 'replace' ? '--old-text T --content C' : '--old-text T'
  return {
    words: ['memory', action],
    summary: `${action} an entry of MEMORY.md or USER.md with the memory tool's rules`,
    usage: `hearth memory ${action} [--agent ID] --target memory|user ${needs}`,
    options: { agent: 'string', target: 'string', content: 'string', 'old-text': 'string' },
    positionals: [0, 0],
    async run(ctx) {
      const input = {
        agentId: await agentOrFirst(ctx),
        action,
        target: target(ctx),
        content: stringOption(ctx, 'content'),
        oldText: stringOption(ctx, 'old-text')
      }
      const result = await ctx.call('memory.apply', input)
      return { code: result.success ? 0 : 1, data: result, text: describeResult(result) }
    }
  }
}

export const memoryCommands: readonly CliCommand[] = [show, write('add'), write('replace'), write('remove')]
