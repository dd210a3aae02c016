import {
  DeviceInfo,
  deviceInfoPath,
  DEVICE_LOG_DIR,
  isDeviceId,
  parseDeviceLog,
  type ForeignEntry
} from './deviceLog'
import type { GitStore, TreeFile } from './gitStore'
import type { SyncStore } from './syncStore'

/** What reading the other devices' files gave: entries to merge and sentences for the user. */
export interface ForeignRead {
  readonly entries: ForeignEntry[]
  /**
   * The clean files read, by device: their blobs are recorded only once their entries are merged
   * (`SyncStore.rememberBlob`), so a sync killed in between reads them again next time.
   */
  readonly read: { readonly device: string; readonly blob: string }[]
  readonly problems: string[]
  readonly notes: string[]
}

/** A device as the user reads it: its name when it gave one, and the start of its id. */
export function deviceLabel(device: string, name: string | null): string {
  return name ? `${name} (${device.slice(0, 8)})` : `device ${device.slice(0, 8)}`
}

/**
 * Reads every other device's file in the remote's tree and verifies it whole. A file that does
 * not verify quarantines its device: nothing of it is merged, now or later, until the user
 * releases it. A quarantined device is skipped without reading. A clean file shorter than it was
 * at an earlier sync means the remote was rewritten; what this home merged before stays.
 */
export async function readForeignLogs(
  git: GitStore,
  files: readonly TreeFile[],
  self: string,
  store: SyncStore,
  now: number
): Promise<ForeignRead> {
  const found: ForeignEntry[] = []
  const read: { device: string; blob: string }[] = []
  const problems: string[] = []
  const notes: string[] = []
  const names = await readNames(git, files, self)
  for (const file of files) {
    const device = deviceOf(file.path)
    if (device === null || device === self) continue
    const known = store.device(device)
    const name = names.get(device) ?? known?.name ?? null
    const label = deviceLabel(device, name)
    if (known?.status === 'quarantined') {
      problems.push(quarantinedSentence(label, known.problem))
      continue
    }
    if (known?.blob === file.blob) continue
    const parsed = parseDeviceLog(device, await git.read(file.blob))
    if (parsed.problem !== null) {
      const problem = `${file.path} ${parsed.problem}`
      store.saveDevice(
        { device, name, status: 'quarantined', problem, entries: parsed.entries.length, blob: file.blob },
        now
      )
      problems.push(
        `The log of ${label} on the remote does not verify (${problem}). Nothing was merged from it; it stays quarantined until you release it.`
      )
      continue
    }
    if (known !== null && parsed.entries.length < known.entries)
      notes.push(
        `The remote holds ${parsed.entries.length} of the ${known.entries} entries ${label} had shared: the remote was rewritten. This home keeps every entry it merged.`
      )
    const entries = Math.max(parsed.entries.length, known?.entries ?? 0)
    store.saveDevice({ device, name, status: 'ok', problem: null, entries, blob: known?.blob ?? null }, now)
    found.push(...parsed.entries)
    read.push({ device, blob: file.blob })
  }
  return { entries: found, read, problems, notes }
}

function quarantinedSentence(label: string, problem: string | null): string {
  return `${label} is quarantined (${problem ?? 'its log did not verify'}): nothing of it is merged until you release it in Settings → Sync or with hearth nexus sync --release.`
}

/** The device a log file belongs to, or null for anything else in the tree (never trusted as a path). */
export function deviceOf(path: string): string | null {
  const match = new RegExp(`^${DEVICE_LOG_DIR}/([^/]+)\\.jsonl$`).exec(path)
  const device = match?.[1]
  return device !== undefined && isDeviceId(device) ? device : null
}

/** Names other devices gave themselves (their `<id>.json`); a name file that does not parse is ignored. */
async function readNames(
  git: GitStore,
  files: readonly TreeFile[],
  self: string
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  for (const file of files) {
    const device = /\/([^/]+)\.json$/.exec(file.path)?.[1]
    if (
      device === undefined ||
      device === self ||
      !isDeviceId(device) ||
      file.path !== deviceInfoPath(device)
    )
      continue
    try {
      const info = DeviceInfo.safeParse(JSON.parse(await git.readKept(file.blob)))
      if (info.success && info.data.id === device) names.set(device, printable(info.data.name))
    } catch {
      // A name is a courtesy: without a readable one the device is shown by its id.
    }
  }
  return names
}

/** A name from another machine, shown in the app: one line of printable text, at most 64 characters. */
function printable(name: string): string {
  return (
    name
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .slice(0, 64) || 'unnamed'
  )
}
