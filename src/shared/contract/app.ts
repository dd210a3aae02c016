import { z } from 'zod'
import { method } from './define'

export const AppInfo = z.object({
  home: z.string(),
  host: z.enum(['electron', 'web']),
  version: z.string()
})
export type AppInfo = z.infer<typeof AppInfo>

export const appMethods = {
  'app.info': method(z.object({}), AppInfo),
  /** Lists sub-folders of a folder so the web host can offer a folder picker without a native dialog. */
  'app.listDirs': method(
    z.object({ dir: z.string().max(4096).optional() }),
    z.object({ dir: z.string(), parent: z.string().nullable(), dirs: z.array(z.string()) })
  )
} as const
