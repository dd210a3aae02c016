import type { Logger } from '../../ports/logger'
import type { VectorIndex, VectorLoad } from './vectorIndex'

const PROGRESS_EVERY_MS = 250
/**
 * How long after a host starts the load begins: not while its first screen is drawn (a year's
 * vectors take seconds of the thread). A search before then starts it at once.
 */
export const START_DELAY_MS = 3000

/**
 * Reads the stored vectors into memory a step at a time (`VectorIndex.loadStep`), with the
 * thread given back in between, so a large index (100,000 vectors take seconds) never holds up a
 * chat turn or a window: searches meanwhile answer by words alone. One load at a time.
 */
export class VectorLoading {
  private running: Promise<void> | null = null
  private disposed = false
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly vectors: VectorIndex,
    private readonly onProgress: (load: VectorLoad) => void,
    private readonly log: Logger
  ) {}

  /** Starts a load unless one is under way; resolves once every stored vector is in memory (or on dispose). */
  start(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null
    })
    return this.running
  }

  /** Starts a load after START_DELAY_MS, unless one was started (or asked for) before. */
  startSoon(): void {
    this.timer = setTimeout(() => void this.start(), START_DELAY_MS)
    this.timer.unref()
  }

  dispose(): void {
    this.disposed = true
    if (this.timer) clearTimeout(this.timer)
  }

  private async run(): Promise<void> {
    const started = performance.now()
    let reported = 0
    try {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve))
        if (this.disposed) return
        if (this.vectors.loadStep()) break
        if (performance.now() - reported >= PROGRESS_EVERY_MS) {
          reported = performance.now()
          this.onProgress(this.vectors.loadState())
        }
      }
      const load = this.vectors.loadState()
      this.onProgress(load)
      if (load.loaded > 0)
        this.log.info(
          `knowledge: ${load.loaded} vectors read into memory in ${Math.round(performance.now() - started)} ms`
        )
    } catch (error) {
      this.log.warn('knowledge: reading the vectors into memory stopped', { error })
    }
  }
}
