import type { NexusEntry } from '../../../shared/contract/nexus'
import { GENESIS_HASH } from '../nexusHash'
import { lineText, parseDeviceLog, toDeviceLine } from './deviceLog'

/** This device's file as its own log says it should read. */
export interface OwnLog {
  readonly text: string
  /** Entry ids in the device's order (origin_seq 1, 2, 3…). */
  readonly ids: readonly string[]
}

export function ownLog(entries: readonly NexusEntry[]): OwnLog {
  let prev = GENESIS_HASH
  const lines: string[] = []
  for (const entry of entries) {
    const line = toDeviceLine(entry, prev)
    lines.push(lineText(line))
    prev = line.hash
  }
  return { text: lines.length === 0 ? '' : `${lines.join('\n')}\n`, ids: entries.map((entry) => entry.id) }
}

/** What the remote's copy of this device's file says about the remote and about this home. */
export type OwnFileVerdict =
  /** The remote holds a prefix of this device's log (or nothing): push the rest. */
  | { readonly kind: 'behind'; readonly held: number }
  /** The file does not verify: someone edited it; this device writes it again from its log. */
  | { readonly kind: 'altered'; readonly problem: string }
  /** A valid log this device did not write: another home uses this device id. */
  | { readonly kind: 'foreign'; readonly held: number }

/**
 * Compares the remote's copy of this device's file with this device's own log. Only this
 * device writes that file, so a clean copy must be a prefix of its log; a clean copy that is not
 * was written by another home with the same id (a copied or restored home).
 */
export function judgeOwnFile(device: string, remoteText: string | null, own: OwnLog): OwnFileVerdict {
  if (remoteText === null) return { kind: 'behind', held: 0 }
  const parsed = parseDeviceLog(device, remoteText)
  if (parsed.problem !== null) return { kind: 'altered', problem: parsed.problem }
  const remoteIds = parsed.entries.map((entry) => entry.id)
  const prefix = remoteIds.length <= own.ids.length && remoteIds.every((id, i) => id === own.ids[i])
  return prefix ? { kind: 'behind', held: remoteIds.length } : { kind: 'foreign', held: remoteIds.length }
}
