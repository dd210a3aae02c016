import type { ImportSource } from '../../../shared/contract'
import type { ImportSourceReader } from '../importTypes'
import { chatgptSource } from './chatgptSource'
import { claudeSource } from './claudeSource'
import { hearthBundleSource } from './hearthBundleSource'
import { hermesSource } from './hermesSource'
import { openclawSource } from './openclawSource'

/** One reader per source `hearth import` knows. */
export const IMPORT_READERS: Readonly<Record<ImportSource, ImportSourceReader>> = {
  hermes: hermesSource,
  openclaw: openclawSource,
  chatgpt: chatgptSource,
  claude: claudeSource,
  hearth: hearthBundleSource
}
