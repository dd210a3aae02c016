import type { SessionId, TurnId } from '../../../shared/contract'
interface RunningTurn {
  readonly sessionId: SessionId
  readonly controller: AbortController
  readonly done: Promise<unknown>
}

/** The turns this process is running right now, by turn id: what Stop, quit and "is answering" ask. */
export class RunningTurns {
  private readonly turns = new Map<string, RunningTurn>()

  track(turnId: TurnId, turn: RunningTurn): void {
    this.turns.set(turnId, turn)
  }

  finish(turnId: TurnId): void {
    this.turns.delete(turnId)
  }

  /** Stops one turn; false when it is not running (finished, or never started here). */
  cancel(turnId: TurnId): boolean {
    const turn = this.turns.get(turnId)
    if (!turn) return false
    turn.controller.abort()
    return true
  }

  /** Aborts every running turn (app quit); their partial replies are kept. */
  cancelAll(): void {
    for (const turn of this.turns.values()) turn.controller.abort()
  }

  /** True while a turn of this session is running. */
  isAnswering(sessionId: SessionId): boolean {
    return [...this.turns.values()].some((turn) => turn.sessionId === sessionId)
  }

  /** True while any turn is running (background work such as the Nexus sync waits for a pause). */
  isAnsweringAny(): boolean {
    return this.turns.size > 0
  }

  /** Waits for every running turn (used before closing the database). */
  async settle(): Promise<void> {
    await Promise.all([...this.turns.values()].map((turn) => turn.done))
  }
}
