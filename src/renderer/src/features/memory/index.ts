/**
 * Memory pieces other features embed: the chat shows receipts, the "recalled this turn" chip and
 * the unsaved-claim flag; Files shows the budget meter next to MEMORY.md / USER.md.
 */
export { MemoryReceiptCard } from './MemoryReceiptCard'
export { RecalledChip } from './RecalledChip'
export { UnsavedClaimFlag } from './UnsavedClaimFlag'
export { MemoryUsageMeter } from './MemoryUsageMeter'
export { MemoryFileUsage } from './MemoryFileUsage'
export { MemoryChangeList } from './MemoryChangeList'
export { PendingWriteNote } from './PendingWriteNote'
