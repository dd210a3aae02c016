import type { ModelInfo } from '../../shared/contract'
import type { modelMethods } from '../../shared/contract/models'
import { MODEL_TABLE } from '../domain/models/modelTable'
import type { CoreServices } from '../createCore'
import { testConnection, type ConnectionTarget } from '../services/connectionTest'
import type { SettingsService } from '../services/settingsService'
import type { FeatureHandlers } from './foundationHandlers'

export function modelHandlers(services: CoreServices): FeatureHandlers<typeof modelMethods> {
  return {
    'models.list': async () => MODEL_TABLE.map(toModelInfo),
    'models.testConnection': async () => testConnection(await savedTarget(services.settings))
  }
}

/** The saved model, base URL and key: the test calls exactly what a chat turn would. */
async function savedTarget(settings: SettingsService): Promise<ConnectionTarget> {
  return { model: settings.config().model, baseUrl: settings.baseUrl(), apiKey: await settings.apiKey() }
}

function toModelInfo(row: (typeof MODEL_TABLE)[number]): ModelInfo {
  const { input, output, cacheRead, cacheWrite5m } = row.prices
  return { id: row.id, contextWindow: row.contextWindow, prices: { input, output, cacheRead, cacheWrite5m }, assumed: row.assumed }
}
