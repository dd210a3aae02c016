import type { ServerResponse } from 'node:http'

/**
 * After a file is served the page asks for the next ones within moments (the redirect, then the
 * page, then its code): the host waits this long after the last answer before calling it quiet.
 * Short, because what it then does is one slice of the core's code (a few tens of ms), so a
 * file asked for a little later waits for that slice at most.
 */
const FILES_GRACE_MS = 25

/** Counts the HTTP requests being answered, and says when none is or has been for a moment. */
export function fileRequests(): { started: (res: ServerResponse) => void; done: () => Promise<void> } {
  let answering = 0
  // Counted from the start: the address is about to be printed, and a page may ask at once.
  let lastAnswered = performance.now()
  let waiting: (() => void)[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const settle = (): void => {
    const quietFor = performance.now() - lastAnswered
    if (answering > 0 || waiting.length === 0 || timer !== undefined) return
    if (quietFor < FILES_GRACE_MS) {
      timer = setTimeout(() => ((timer = undefined), afterLoopTurns(3, settle)), FILES_GRACE_MS - quietFor)
      return
    }
    const resolved = waiting
    waiting = []
    for (const resolve of resolved) resolve()
  }
  return {
    started(res) {
      answering++
      res.once('close', () => {
        answering--
        lastAnswered = performance.now()
        settle()
      })
    },
    done: () =>
      new Promise((resolve) => {
        waiting.push(resolve)
        afterLoopTurns(3, settle)
      })
  }
}

/**
 * Runs `then` after the event loop has polled for I/O `turns` times: a connection that arrived
 * while the thread was busy is accepted on one turn and its request read on the next, so only
 * then is the request counted.
 */
function afterLoopTurns(turns: number, then: () => void): void {
  setImmediate(() => (turns <= 1 ? then() : afterLoopTurns(turns - 1, then)))
}
