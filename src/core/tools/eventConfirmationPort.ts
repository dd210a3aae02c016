import { randomUUID } from 'node:crypto'
import type { EventHub } from '../events'
import type { ConfirmationPort, ConfirmationRequest } from './toolTypes'

/** A question nobody answers is a "no" after this long (the model's turn must end eventually). */
export const CONFIRMATION_TIMEOUT_MS = 5 * 60_000

interface Pending {
  /** null: nobody answered in time (or the app closed). */
  readonly resolve: (approved: boolean | null) => void
  readonly timer: NodeJS.Timeout
}

/**
 * The confirmation port of the desktop and web hosts: it emits `tools.confirmationRequested`
 * to every connected window and waits for `tools.confirm` (see toolsHandlers.ts). Any window
 * may answer; the first answer wins and `tools.confirmationResolved` tells the others.
 */
export class EventConfirmationPort implements ConfirmationPort {
  private readonly pending = new Map<string, Pending>()

  constructor(
    private readonly events: EventHub,
    private readonly timeoutMs = CONFIRMATION_TIMEOUT_MS
  ) {}

  async ask(request: ConfirmationRequest): Promise<boolean> {
    return (await this.decide(request)) === true
  }

  /** Like `ask`, but tells a "no" from no answer (null), for decisions worth remembering. */
  decide(request: ConfirmationRequest): Promise<boolean | null> {
    const requestId = randomUUID()
    return new Promise<boolean | null>((resolve) => {
      const timer = setTimeout(() => this.settle(requestId, null), this.timeoutMs)
      timer.unref?.()
      this.pending.set(requestId, { resolve, timer })
      this.events.emit('tools.confirmationRequested', {
        requestId,
        kind: request.kind ?? 'tool',
        agentId: request.agentId,
        sessionId: request.sessionId,
        toolName: request.toolName,
        input: previewInput(request.input),
        reason: request.reason,
        untrustedServers: [...request.untrustedServers],
        expiresAt: Date.now() + this.timeoutMs
      })
    })
  }

  /** Resolves a pending question; false when it was already answered or never existed. */
  answer(requestId: string, approved: boolean): boolean {
    return this.settle(requestId, approved)
  }

  /** Denies every open question (the app is closing); none of them counts as answered. */
  dispose(): void {
    for (const requestId of [...this.pending.keys()]) this.settle(requestId, null)
  }

  private settle(requestId: string, approved: boolean | null): boolean {
    const pending = this.pending.get(requestId)
    if (!pending) return false
    this.pending.delete(requestId)
    clearTimeout(pending.timer)
    pending.resolve(approved)
    this.events.emit('tools.confirmationResolved', { requestId, approved: approved === true })
    return true
  }
}

/** The arguments as the user will read them, bounded so a huge payload cannot flood the UI. */
function previewInput(input: Readonly<Record<string, unknown>>): string {
  const text = JSON.stringify(input, null, 2)
  return text.length <= 4000 ? text : `${text.slice(0, 4000)}\n…`
}
