import { notFound } from '../../core/errors'
import type { MemoryToolResult } from '../../shared/contract/memory'
import { UsageError, type CliCommand, type CommandContext } from '../command'

function option(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.options[name]
  return typeof value === 'string' ? value : undefined
}

/** `--agent`, else the first agent, else a clear "create one" error. */
export function chooseAgent(ctx: CommandContext): string {
  const explicit = option(ctx, 'agent')
  if (explicit && explicit.trim() !== '') return explicit
  const first = ctx.core().services.agents.list()[0]
  if (!first) throw notFound('No agents yet. Create one with `hearth agents create NAME`, or pass --agent ID.')
  return first.id
}

function target(ctx: CommandContext): 'memory' | 'user' {
  const value = option(ctx, 'target')
  if (value !== 'memory' && value !== 'user') throw new UsageError('--target must be "memory" (the agent\'s MEMORY.md) or "user" (USER.md)')
  return value
}

const show: CliCommand = {
  words: ['memory', 'show'],
  summary: "show the entries and usage of an agent's MEMORY.md or of USER.md",
  usage: 'hearth memory show [--agent ID] --target memory|user',
  options: { agent: 'string', target: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const view = ctx.core().services.memory.show(chooseAgent(ctx), target(ctx))
    const body = view.entries.length === 0 ? '(no entries)' : view.entries.map((entry, i) => `[${i + 1}] ${entry}`).join('\n§\n')
    return { data: { entries: view.entries, usage: view.usage.text, path: view.path, chars: view.usage.chars, limit: view.usage.limit }, text: `${view.path}  ${view.usage.text}\n\n${body}` }
  }
}

function describeResult(result: MemoryToolResult): string {
  if (result.success) return `${result.message ?? 'Saved.'} Usage: ${result.usage ?? ''}`
  const lines = [`Refused: ${result.error ?? 'unknown reason'}`]
  if (result.matches) lines.push('Matching entries:', ...result.matches.map((m) => `  - ${m}`))
  if (result.current_entries) lines.push(`Current entries (${result.usage ?? ''}):`, ...result.current_entries.map((e) => `  - ${e}`))
  if (result.remediation) lines.push(result.remediation)
  return lines.join('\n')
}

/** add / replace / remove: exactly the memory tool's operation, on the user's behalf. */
function write(action: 'add' | 'replace' | 'remove'): CliCommand {
  const needs = action === 'add' ? '--content C' : action === 'replace' ? '--old-text T --content C' : '--old-text T'
  return {
    words: ['memory', action],
    summary: `${action} an entry of MEMORY.md or USER.md with the memory tool's rules`,
    usage: `hearth memory ${action} [--agent ID] --target memory|user ${needs}`,
    options: { agent: 'string', target: 'string', content: 'string', 'old-text': 'string' },
    positionals: [0, 0],
    async run(ctx) {
      const result = ctx.core().services.memory.apply(chooseAgent(ctx), {
        action,
        target: target(ctx),
        content: option(ctx, 'content'),
        old_text: option(ctx, 'old-text')
      })
      return { code: result.success ? 0 : 1, data: result, text: describeResult(result) }
    }
  }
}

export const memoryCommands: readonly CliCommand[] = [show, write('add'), write('replace'), write('remove')]
