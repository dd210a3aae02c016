import type { NexusSyncProgress } from '../../../shared/contract/nexusSync'
import { usableSecrets } from '../../backup/secretGuard'
import type { Clock } from '../../ports/clock'
import { deviceInfoPath, deviceLogPath, DEVICE_LOG_DIR } from './deviceLog'
import { readForeignLogs } from './foreignLogs'
import { GitSyncError, type GitStore, type TreeFile } from './gitStore'
import type { SyncedLog } from './syncedLog'
import { judgeOwnFile, ownLog } from './ownLog'
import type { SyncStore } from './syncStore'

/** A push the remote refused because another device pushed first is retried from a fresh fetch. */
const ATTEMPTS = 5

export interface ExchangeDeps {
  readonly git: GitStore
  readonly store: SyncStore
  readonly log: SyncedLog
  readonly device: string
  readonly deviceName: string
  readonly clock: Clock
  readonly progress: (phase: NexusSyncProgress['phase'], message: string) => void
  /** Every secret this process knows (API keys, MCP servers' header and env values): none may leave. */
  readonly secrets: () => Promise<readonly string[]>
}

/** What one exchange did. */
export interface Exchange {
  readonly pushed: number
  readonly pulled: number
  /** What failed or waits for the user's decision. */
  readonly problems: string[]
  /** What happened that the user should know, though the sync went through (a remote healed). */
  readonly notes: string[]
  readonly needsNewDeviceId: boolean
  readonly remoteCommit: string | null
}

/**
 * One sync: fetch the remote, merge what other devices wrote (each file verified whole), then
 * publish this device's file if the remote lacks some of it. This device's file is always
 * written out of its own log, never edited in place, so a remote that lost or altered it is
 * healed, and a remote holding a different valid log under this id (a copied home) is refused.
 */
export async function exchange(deps: ExchangeDeps): Promise<Exchange> {
  let pulled = 0
  const report: Report = { problems: new Set(), notes: new Set() }
  const done = (pushed: number, needsNewDeviceId: boolean, remoteCommit: string | null): Exchange => ({
    pushed,
    pulled,
    problems: [...report.problems],
    notes: [...report.notes],
    needsNewDeviceId,
    remoteCommit
  })
  for (let attempt = 1; ; attempt++) {
    deps.progress('fetch', 'Fetching the other devices’ logs')
    const head = await deps.git.fetch()
    const files = head === null ? [] : await deps.git.list(head, DEVICE_LOG_DIR)
    pulled += await mergeOthers(deps, files, report)
    const own = await publishable(deps, files, report)
    if (own === null) return done(0, true, head)
    if (own.files.length === 0) {
      recordSelf(deps, own.count, own.blob)
      return done(0, false, head)
    }
    if (await holdsSecret(deps, own.blob)) {
      report.problems.add(WITHHELD)
      return done(0, false, head)
    }
    deps.progress(
      'push',
      `Sending ${own.newEntries} new entr${own.newEntries === 1 ? 'y' : 'ies'} of this device`
    )
    try {
      const commit = await deps.git.commitAndPush(head, own.files, `nexus: ${deps.device} at ${own.count}`)
      recordSelf(deps, own.count, own.blob)
      await deps.git.tidy()
      return done(own.newEntries, false, commit)
    } catch (error) {
      if (!(error instanceof GitSyncError && error.rejected) || attempt >= ATTEMPTS) throw error
    }
  }
}

const WITHHELD =
  "Nothing of this device was sent: one of its Nexus entries holds a saved secret (the API key, the embedding key, or an MCP server's header or env value). The Nexus is append-only, so the entry cannot be changed: replace that secret with a new one at its provider (the old one is then useless) and remove it from Hearth's settings; sync then sends this device's log again."

/** Whether this device's file, as it would be pushed, holds a secret this process knows. */
async function holdsSecret(deps: ExchangeDeps, blob: string): Promise<boolean> {
  const secrets = usableSecrets(await deps.secrets())
  if (secrets.length === 0) return false
  const text = await deps.git.read(blob)
  return secrets.some((secret) => text.includes(secret))
}

async function mergeOthers(deps: ExchangeDeps, files: readonly TreeFile[], report: Report): Promise<number> {
  deps.progress('verify', 'Verifying every device’s chain')
  const read = await readForeignLogs(deps.git, files, deps.device, deps.store, deps.clock.now())
  for (const problem of read.problems) report.problems.add(problem)
  for (const note of read.notes) report.notes.add(note)
  if (read.entries.length === 0) {
    for (const file of read.read) deps.store.rememberBlob(file.device, file.blob)
    return 0
  }
  deps.progress('merge', 'Merging other devices’ entries into this log')
  const merged = deps.log.mergeForeign(read.entries)
  // Only now: a sync killed before the merge committed reads these files again next time.
  for (const file of read.read) deps.store.rememberBlob(file.device, file.blob)
  for (const origin of new Set(merged.waiting.map((entry) => entry.origin))) deps.store.forgetBlob(origin)
  if (merged.waiting.length > 0)
    report.notes.add(
      `${merged.waiting.length} entr${merged.waiting.length === 1 ? 'y waits' : 'ies wait'} for entries they reference that this home does not have (a quarantined device's?); they are merged once those arrive.`
    )
  return merged.appended.length
}

interface Report {
  readonly problems: Set<string>
  readonly notes: Set<string>
}

interface Publishable {
  /** Files to add to the next commit; none when the remote already holds this device's whole log. */
  readonly files: TreeFile[]
  readonly count: number
  /** The blob of this device's file once the remote holds it. */
  readonly blob: string
  readonly newEntries: number
}

/** This device's file and name file as they should be on the remote, or null when another home holds its id. */
async function publishable(
  deps: ExchangeDeps,
  files: readonly TreeFile[],
  report: Report
): Promise<Publishable | null> {
  const path = deviceLogPath(deps.device)
  const remoteFile = files.find((file) => file.path === path)
  const count = deps.store.ownCount(deps.device)
  const known = deps.store.device(deps.device)
  // Nothing new here and the remote's copy is the one this device last pushed: nothing to do.
  if (remoteFile !== undefined && known?.entries === count && known.blob === remoteFile.blob)
    return { files: [], count, newEntries: 0, blob: remoteFile.blob }
  const own = ownLog(deps.store.ownEntries(deps.device))
  const blob = await deps.git.write(own.text)
  if (remoteFile?.blob === blob) return { files: [], count, newEntries: 0, blob }
  const verdict = judgeOwnFile(deps.device, remoteFile ? await deps.git.read(remoteFile.blob) : null, own)
  if (verdict.kind === 'foreign') {
    report.problems.add(
      `Another home is writing to the remote as this device (${deps.device.slice(0, 8)}): this home was probably copied or restored from a backup. Take a new device id (Settings → Sync, or hearth nexus sync --new-device-id); until then nothing of this device is sent.`
    )
    return null
  }
  if (verdict.kind === 'altered')
    report.notes.add(
      `This device's log on the remote had been altered (${verdict.problem}); it was written again from this home's log.`
    )
  if (verdict.kind === 'behind' && known !== null && verdict.held < known.entries)
    report.notes.add(
      `The remote had lost ${known.entries - verdict.held} of this device's entries (it was rewritten); they were sent again.`
    )
  const info = await deps.git.write(
    `${JSON.stringify({ id: deps.device, name: deps.deviceName, createdAt: deps.clock.now() })}\n`
  )
  const held = verdict.kind === 'behind' ? verdict.held : 0
  return {
    files: [
      { path, blob },
      { path: deviceInfoPath(deps.device), blob: info }
    ],
    count,
    newEntries: own.ids.length - held,
    blob
  }
}

/** Remembers how much of this device the remote holds (its row among the devices). */
function recordSelf(deps: ExchangeDeps, count: number, blob: string): void {
  deps.store.saveDevice(
    { device: deps.device, name: deps.deviceName, status: 'ok', problem: null, entries: count, blob },
    deps.clock.now()
  )
}
