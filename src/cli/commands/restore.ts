import { resolve } from 'node:path'
import type { CliCommand } from '../command'

/**
 * `hearth restore` works on a folder that is not a home yet, so it cannot open a core there (that
 * would create the home it must find empty): it runs the restore itself, which verifies the
 * result before moving it into place.
 */
export const restoreCommand: CliCommand = {
  words: ['restore'],
  summary:
    'bring a backup back into an empty home (--home DIR) and verify it: database integrity, the Nexus chain, every file’s sha256',
  usage: 'hearth restore FILE [--home DIR]',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const { restoreHome } = await import('../../core/backup/homeRestore')
    const result = await restoreHome(resolve(ctx.positionals[0] ?? ''), ctx.home)
    const { verified } = result
    return {
      data: result,
      text: [
        `Restored ${result.home} from a backup made ${new Date(result.createdAtMs).toISOString()} (Hearth ${result.appVersion}).`,
        `Verified: integrity ${verified.integrity}; Nexus chain ok over ${verified.nexus.count} ${verified.nexus.count === 1 ? 'entry' : 'entries'}; ${verified.files.checked} files match their sha256.`,
        `Holds: ${Object.entries(result.counts)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')}.`,
        'The API key is never in a backup: set it again in Settings, or with ANTHROPIC_API_KEY.',
        'If the home it came from syncs its Nexus and stays in use, give this copy its own device: hearth nexus sync --new-device-id'
      ].join('\n')
    }
  }
}
