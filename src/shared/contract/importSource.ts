import { z } from 'zod'

/** The runtimes and exports `hearth import` reads: another agent's home, a chat export, or a Hearth agent bundle. */
export const ImportSource = z.enum(['hermes', 'openclaw', 'chatgpt', 'claude', 'hearth'])
export type ImportSource = z.infer<typeof ImportSource>
