import type { BackupCounts } from '../../../../shared/contract'

/** The kinds a backup counts, in the words Settings uses, in the order a person reads them. */
export const COUNT_LABELS: readonly (readonly [key: string, label: string])[] = [
  ['agents', 'Agents'],
  ['sessions', 'Chats'],
  ['messages', 'Messages'],
  ['facts', 'Approved facts'],
  ['candidates', 'Candidates in Review'],
  ['nexusEntries', 'Nexus entries'],
  ['imports', 'Imports'],
  ['files', 'Files']
]

export function countOf(counts: BackupCounts, key: string): string {
  const n = counts[key]
  return n === undefined ? '—' : String(n)
}

/** "1 agent", "2 agents"; "— agents" when the backup did not count that kind. */
export function countText(counts: BackupCounts, key: string, one: string, many = `${one}s`): string {
  const n = counts[key]
  return `${n === undefined ? '—' : n} ${n === 1 ? one : many}`
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function whenText(atMs: number): string {
  return new Date(atMs).toLocaleString()
}
