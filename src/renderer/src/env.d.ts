/// <reference types="vite/client" />
import type { Transport } from '../../shared/contract'

declare global {
  interface Window {
    /** Exposed by the Electron preload (src/preload/index.ts); absent in the browser (`hearth serve`). */
    readonly bridge?: Transport
  }
}
