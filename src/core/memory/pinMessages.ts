import type { PinDestination } from '../../shared/contract/memory'
import { formatCharCount, previewEntry, usedChars } from './memoryEntries'
import type { MemorySnapshot } from './memoryFiles'
import { applyAdd, checkNewContent, type ThreatScanner } from './memoryOperations'
import { placeName } from './pinRecords'

/**
 * What pinning tells the user. The memory tool's own refusals speak to a model ("use replace…");
 * these say what a person can do in the app or the CLI.
 */
export const PIN_TEXT = {
  pinnedEntry: (place: string) => `Pinned into ${place}. New sessions see it in their prompt.`,
  pinnedFile: (place: string) => `Pinned into ${place}, with an index line in MEMORY.md.`,
  alreadyPinned: (place: string) => `This fact is already pinned in ${place}; nothing was changed.`,
  alreadyEntry: (entry: string, place: string) =>
    `“${previewEntry(entry)}” is already an entry of ${place}, so nothing was added.`,
  overBudget: (place: string, usage: string, needed: number) =>
    `${place} has no room for this pin: it is at ${usage} chars, and the pin needs ${needed} more. ` +
    `Shorten or remove entries of ${place} (in Memories or Files), or raise its limit in Settings, then pin again.`,
  noIndexLine: (reason: string) => `Not pinned: a memory file needs its index line in MEMORY.md. ${reason}`,
  notPinned: (factId: number, from: PinDestination) =>
    `Fact ${factId} is not pinned in ${from === 'file' ? 'a memory file' : placeName(from, null)}, so there is nothing to unpin.`,
  entryNotRemoved: (place: string, reason: string) =>
    `Not unpinned: the entry could not be taken out of ${place}. ${reason} Edit ${place} in Files to remove it by hand.`,
  unpinnedEntry: (place: string) =>
    `Unpinned: the entry left ${place}. The fact stays approved and recallable.`,
  unpinnedFile: (place: string) =>
    `Unpinned: ${place} was deleted and its index line left MEMORY.md. The fact stays approved and recallable.`,
  unpinnedChangedFile: (place: string) =>
    `Unpinned: ${place} had changed since it was pinned, so it was moved to the forgotten memory files, where you can restore it. The fact stays approved.`
} as const

/**
 * Why `content` cannot be added to the file as it is now, or null when it can: the memory tool's
 * own scan, duplicate and budget checks, run without writing anything.
 */
export function entryRefusal(
  snapshot: MemorySnapshot,
  content: string,
  place: string,
  scan: ThreatScanner
): string | null {
  const blocked = checkNewContent(content, scan)
  if (blocked !== null) return blocked
  const outcome = applyAdd(snapshot.entries, content, snapshot.limit)
  if (outcome.ok) return outcome.changes.length === 0 ? PIN_TEXT.alreadyEntry(content, place) : null
  const used = usedChars(snapshot.entries)
  const needed = usedChars([...snapshot.entries, content]) - used
  if (used + needed <= snapshot.limit) return outcome.error
  return PIN_TEXT.overBudget(place, formatCharCount(used, snapshot.limit), needed)
}
