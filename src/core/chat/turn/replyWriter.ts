import type { MessageId, SessionId, TurnId } from '../../../shared/contract'
import { ownStamp } from '../../node/process/processIdentity'
import type { Clock } from '../../ports/clock'
import type { CallUsage, ContentBlock } from '../chatTypes'
import type { SessionRepository } from '../store/sessionRepository'

export interface ReplyWriterOptions {
  /** Write the streaming row at least this often (ms)… */
  readonly flushMs: number
  /** …or after this many progress updates, whichever comes first. */
  readonly flushEvery: number
}

export const DEFAULT_REPLY_FLUSH: ReplyWriterOptions = { flushMs: 250, flushEvery: 24 }

/**
 * Persists one streaming reply: the row is created `streaming` (with this process's id and start time) when the
 * response begins, rewritten every ~250 ms while it grows, and finalised once. A crash leaves
 * the last flushed text in a `streaming` row that the next start marks `interrupted`.
 * A call that fails before its response begins creates no row, so a retry never duplicates.
 */
export class ReplyWriter {
  private id: MessageId | null = null
  private latest: readonly ContentBlock[] = []
  private lastFlushMs = 0
  private sinceFlush = 0

  constructor(
    private readonly repo: SessionRepository,
    private readonly clock: Clock,
    private readonly target: { readonly sessionId: SessionId; readonly turnId: TurnId },
    private readonly options: ReplyWriterOptions = DEFAULT_REPLY_FLUSH
  ) {}

  get messageId(): MessageId | null {
    return this.id
  }

  start(): MessageId {
    if (this.id !== null) return this.id
    const now = this.clock.now()
    const row = this.repo.appendMessage({
      ...this.target,
      role: 'assistant',
      kind: 'reply',
      content: [],
      status: 'streaming',
      writer: ownStamp(),
      nowMs: now
    })
    this.id = row.id
    this.lastFlushMs = now
    return row.id
  }

  progress(content: readonly ContentBlock[]): void {
    this.latest = content
    this.sinceFlush++
    const now = this.clock.now()
    if (
      this.id === null ||
      (now - this.lastFlushMs < this.options.flushMs && this.sinceFlush < this.options.flushEvery)
    )
      return
    this.repo.updateMessage(this.id, { content, status: 'streaming', writer: ownStamp(), nowMs: now })
    this.lastFlushMs = now
    this.sinceFlush = 0
  }

  complete(content: readonly ContentBlock[], usage: CallUsage): void {
    const id = this.start()
    this.repo.updateMessage(id, { content, status: 'complete', usage, nowMs: this.clock.now() })
  }

  /** Keeps whatever arrived; `partial` for a user stop, `error` for a failed stream. */
  fail(
    content: readonly ContentBlock[],
    status: 'partial' | 'error',
    error: string,
    usage: CallUsage | null
  ): void {
    if (this.id === null) return
    const kept = content.length > 0 ? content : this.latest
    this.repo.updateMessage(this.id, { content: kept, status, error, usage, nowMs: this.clock.now() })
  }
}
