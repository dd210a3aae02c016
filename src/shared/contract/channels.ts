/** The only two IPC channel names in the app; the preload forwards exactly these. */
export const INVOKE_CHANNEL = 'hearth:invoke'
export const EVENT_CHANNEL = 'hearth:event'
