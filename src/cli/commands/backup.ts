import { existsSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { BackupCounts } from '../../shared/contract'
import type { CliCommand } from '../command'
import { UsageError } from '../command'

function countsText(counts: BackupCounts): string {
  return Object.entries(counts)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')
}

const exportAgent: CliCommand = {
  words: ['export', 'agent'],
  summary:
    'one agent as a portable JSON bundle (persona, memory, approved facts, skills, settings; chats with --with-sessions); never the API key',
  usage: 'hearth export agent ID FILE [--with-sessions] [--force]',
  options: { 'with-sessions': 'boolean', force: 'boolean' },
  positionals: [2, 2],
  async run(ctx) {
    const [agentId = '', out = ''] = ctx.positionals
    const target = resolve(out)
    if (existsSync(target) && ctx.options.force !== true)
      throw new UsageError(`${target} already exists; pass --force to overwrite it`)
    const bundle = await ctx.call('exports.agent', {
      agentId,
      withSessions: ctx.options['with-sessions'] === true
    })
    writeFileSync(target, bundle.text, { encoding: 'utf8', mode: 0o600 })
    const bytes = Buffer.byteLength(bundle.text, 'utf8')
    return {
      data: { file: target, bytes, counts: bundle.counts },
      text: `Wrote ${target} (${bytes} bytes): ${countsText(bundle.counts)}.\nBring it back with: hearth import hearth ${out}`
    }
  }
}

const backup: CliCommand = {
  words: ['backup'],
  summary:
    'a consistent copy of the whole home, safe while the app runs: one zip with a manifest of sha256 hashes; never the API key',
  usage: 'hearth backup [FILE]',
  options: {},
  positionals: [0, 1],
  async run(ctx) {
    const file = ctx.positionals[0]
    const result = await ctx.call('backup.create', file ? { file: resolve(file) } : {})
    return {
      data: result,
      text: [
        `Backed up ${ctx.home} to ${result.file} (${result.bytes} bytes, ${result.files} files) in ${result.durationMs} ms.`,
        `Holds: ${countsText(result.counts)}.`,
        `sha256 ${result.sha256}`,
        `Left out: ${result.excluded.join('; ')}.`,
        ...(result.secretsRemoved.length > 0
          ? [
              `Secrets were found in ${result.secretsRemoved.join(', ')} and replaced by [secret removed] in the backup (your home is unchanged); after a restore, enter them again.`
            ]
          : []),
        `Restore it with: hearth restore ${result.file} --home NEW_FOLDER`
      ].join('\n')
    }
  }
}

export const backupCommands: readonly CliCommand[] = [exportAgent, backup]
