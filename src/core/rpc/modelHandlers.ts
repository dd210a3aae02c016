import type { ModelInfo } from '../../shared/contract'
import type { modelMethods } from '../../shared/contract/models'
import { HearthError } from '../errors'
import { MODEL_TABLE } from '../domain/models/modelTable'
import type { CoreServices } from '../coreServices'
import { testConnection, type ConnectionTarget } from '../services/connectionTest'
import type { SettingsService } from '../services/settingsService'
import type { FeatureHandlers } from './foundationHandlers'

export function modelHandlers(services: CoreServices): FeatureHandlers<typeof modelMethods> {
  return {
    'models.list': async () => MODEL_TABLE.map(toModelInfo),
    'models.testConnection': async () => testConnection(await savedTarget(services.settings), services.models)
  }
}

/**
 * The saved model, base URL and key: the test calls exactly what a chat turn would. When no key
 * may go to that address (none saved, or one bound to another origin), nothing is sent and the
 * report carries the reason.
 */
async function savedTarget(settings: SettingsService): Promise<ConnectionTarget> {
  const model = settings.config().model
  try {
    const credentials = await settings.modelCredentials()
    return { model, baseUrl: credentials.baseUrl, apiKey: credentials.apiKey }
  } catch (error) {
    if (!(error instanceof HearthError) || error.code !== 'llm_unavailable') throw error
    const status = await settings.apiKeyStatus()
    return {
      model,
      baseUrl: settings.config().baseUrl ?? status.origin,
      apiKey: undefined,
      refusal: error.message
    }
  }
}

function toModelInfo(row: (typeof MODEL_TABLE)[number]): ModelInfo {
  const { input, output, cacheRead, cacheWrite5m } = row.prices
  return {
    id: row.id,
    contextWindow: row.contextWindow,
    prices: { input, output, cacheRead, cacheWrite5m },
    assumed: row.assumed
  }
}
