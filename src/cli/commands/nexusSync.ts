import type { NexusSyncResult, NexusSyncStatus } from '../../shared/contract/nexusSync'
import { UsageError, type CliCommand, type CommandResult } from '../command'
import { stringOption } from '../options'

const USAGE =
  'hearth nexus sync [--remote URL] [--interval MINUTES] [--device-name NAME] [--status] [--release DEVICE] [--new-device-id]'

/**
 * `hearth nexus sync`: exchange the Nexus with other devices through a git remote (remembered
 * after the first use). The other forms show where sync stands, let a quarantined device be
 * checked again, or give a copied home a new device id. Progress goes to stderr.
 */
export const nexusSyncCommand: CliCommand = {
  words: ['nexus', 'sync'],
  summary: 'exchange the Nexus with your other devices through a git remote',
  usage: USAGE,
  options: {
    remote: 'string',
    interval: 'string',
    'device-name': 'string',
    status: 'boolean',
    release: 'string',
    'new-device-id': 'boolean'
  },
  positionals: [0, 0],
  async run(ctx) {
    const release = stringOption(ctx, 'release')
    if (release !== undefined) return statusResult(await ctx.call('nexus.sync.release', { device: release }))
    if (ctx.options['new-device-id'] === true)
      return statusResult(await ctx.call('nexus.sync.newDeviceId', {}))
    const interval = stringOption(ctx, 'interval')
    const deviceName = stringOption(ctx, 'device-name')
    if (interval !== undefined && !/^\d+$/.test(interval))
      throw new UsageError(`--interval takes whole minutes (0 to turn it off); usage: ${USAGE}`)
    if (interval !== undefined || deviceName !== undefined)
      await ctx.call('nexus.sync.configure', {
        ...(interval !== undefined ? { intervalMinutes: Number(interval) } : {}),
        ...(deviceName !== undefined ? { deviceName } : {})
      })
    const settingsOnly =
      (interval !== undefined || deviceName !== undefined) && ctx.options.remote === undefined
    if (ctx.options.status === true || settingsOnly)
      return statusResult(await ctx.call('nexus.sync.status', {}))
    const stop = ctx.subscribe((event, payload) => {
      if (event === 'nexus.syncProgress') process.stderr.write(`hearth: ${payload.message}…\n`)
    })
    try {
      return syncResult(await ctx.call('nexus.sync.run', { remote: stringOption(ctx, 'remote') }))
    } finally {
      stop()
    }
  }
}

function syncResult(result: NexusSyncResult): CommandResult {
  const others = result.devices.filter((device) => device.status !== 'this').length
  const lines = [
    `${result.ok ? 'Synced' : 'Sync incomplete'} with ${result.remote}: sent ${result.pushed}, received ${result.pulled} (${others} other device${others === 1 ? '' : 's'}).`,
    ...result.problems.map((problem) => `problem: ${problem}`),
    ...result.notes.map((note) => `note: ${note}`)
  ]
  return { code: result.ok ? 0 : 1, data: result, text: lines.join('\n') }
}

function statusResult(status: NexusSyncStatus): CommandResult {
  const devices = status.devices.map(
    (device) =>
      `  ${device.status === 'this' ? '*' : ' '} ${device.name ?? '(unnamed)'}\t${device.id}\t${device.status}\t${device.entries} entries${device.problem ? `\t${device.problem}` : ''}`
  )
  const last = status.last
  const lines = [
    `git: ${status.git ?? 'not installed — install git to sync'}`,
    `remote: ${status.remote ?? '(none yet: hearth nexus sync --remote URL)'}`,
    `interval: ${status.intervalMinutes === 0 ? 'only on request' : `every ${status.intervalMinutes} min in the app`}`,
    `last sync: ${last === null ? 'never' : `${new Date(last.finishedAt).toISOString()} ${last.ok ? 'ok' : 'incomplete'}, sent ${last.pushed}, received ${last.pulled}`}`,
    'devices:',
    ...devices
  ]
  return { data: status, text: lines.join('\n') }
}
