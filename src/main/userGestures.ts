import type { WebContents } from 'electron'
import {
  GESTURE_MESSAGE,
  GESTURE_METHODS,
  GESTURE_WINDOW_MS,
  WITHHELD_FROM_RENDERER,
  WITHHELD_MESSAGE
} from '../shared/contract/rendererAccess'
import type { RpcResult } from '../shared/contract'

/**
 * The moments a person last clicked or pressed a key in each window, as main sees them: input
 * events reach main before the page, so a script in the page cannot make one up. Only presses
 * count (a key down, a mouse down), not moves.
 */
export class UserGestures {
  private readonly last = new Map<number, number>()

  constructor(private readonly now: () => number = Date.now) {}

  watch(contents: WebContents): void {
    const id = contents.id
    contents.on('before-input-event', (_event, input) => {
      if (input.type === 'keyDown') this.last.set(id, this.now())
    })
    contents.on('before-mouse-event', (_event, mouse) => {
      if (mouse.type === 'mouseDown') this.last.set(id, this.now())
    })
    contents.once('destroyed', () => this.last.delete(id))
  }

  recent(contents: Pick<WebContents, 'id'>): boolean {
    const at = this.last.get(contents.id)
    return at !== undefined && this.now() - at <= GESTURE_WINDOW_MS
  }

  /** The refusal for a call the window may not make now, or null when it may. */
  refusal(contents: Pick<WebContents, 'id'>, request: unknown): RpcResult<unknown> | null {
    const method = (request as { method?: unknown } | null)?.method
    if (typeof method !== 'string') return null
    if (WITHHELD_FROM_RENDERER.has(method))
      return { ok: false, error: { code: 'forbidden', message: WITHHELD_MESSAGE(method) } }
    if (GESTURE_METHODS.has(method) && !this.recent(contents))
      return { ok: false, error: { code: 'forbidden', message: GESTURE_MESSAGE(method) } }
    return null
  }
}
