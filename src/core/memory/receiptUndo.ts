import type { MemoryUndone } from '../../shared/contract/memory'
import { conflict, notFound } from '../errors'
import type { EventHub } from '../events'
import type { Clock } from '../ports/clock'
import { describeUsage } from './memoryEntries'
import type { MemoryFiles } from './memoryFiles'
import type { ReceiptStore } from './receiptStore'

/**
 * Undo for memory writes: the receipt kept the file's exact bytes from before the write, so the
 * file goes back byte for byte (a BOM, CRLF line ends and all), or disappears again if the write
 * created it. Refused while the file holds anything but what that write left.
 */
export class ReceiptUndo {
  constructor(
    private readonly receipts: ReceiptStore,
    private readonly files: MemoryFiles,
    private readonly events: EventHub,
    private readonly clock: Clock
  ) {}

  async undo(receiptId: number): Promise<MemoryUndone> {
    const stored = this.receipts.get(receiptId)
    if (!stored) throw notFound(`No memory write with receipt id ${receiptId}.`)
    const { receipt, written } = stored
    const file = receipt.target === 'user' ? 'USER.md' : 'MEMORY.md'
    if (receipt.undoneAtMs !== null) throw conflict(`This write to ${file} was already undone.`)
    if (written === null)
      throw conflict(
        `This write to ${file} was saved before Hearth kept what undoing needs; change the file in Files instead.`
      )
    const refusal = await this.files.restore(
      this.files.path(receipt.agentId, receipt.target),
      written.before,
      written.afterSha256
    )
    if (refusal !== null) throw conflict(refusal)
    const undone = this.receipts.markUndone(receiptId, this.clock.now())
    const snapshot = this.files.read(undone.agentId, undone.target)
    const message =
      written.before === null
        ? `Undone: ${file} did not exist before this write, so it was removed again.`
        : `Undone: ${file} is back to exactly how it was before this write.`
    const result: MemoryUndone = {
      receipt: undone,
      usage: describeUsage(snapshot.entries, snapshot.limit),
      message
    }
    this.events.emit('memory.undone', result)
    return result
  }
}
