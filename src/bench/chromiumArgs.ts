/**
 * The flags Hearth runs Chromium with, in the e2e tests and the ui.* bench: no sandbox
 * (containers often run as root), no GPU, and nothing that phones home.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]
