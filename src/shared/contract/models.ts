import { z } from 'zod'
import { method } from './define'

/** One row of the model table as the picker shows it: US dollars per million tokens. */
export const ModelInfo = z.object({
  id: z.string(),
  contextWindow: z.number().int().positive(),
  prices: z.object({
    input: z.number(),
    output: z.number(),
    cacheRead: z.number(),
    cacheWrite5m: z.number()
  }),
  /** Some figure is a documented guess rather than a published number. */
  assumed: z.boolean()
})
export type ModelInfo = z.infer<typeof ModelInfo>

export { PROVIDER_PRESETS, presetFor, type ProviderPreset } from './providerPresets'

/** What one test call found: enough to fix the setting without guessing. */
export const ConnectionReport = z.object({
  ok: z.boolean(),
  /** The exact address the test posted to, e.g. https://api.anthropic.com/v1/messages. */
  url: z.string(),
  model: z.string(),
  /** HTTP status of the answer; null when nothing answered (refused, timed out, no key). */
  status: z.number().int().nullable(),
  /** `error.type` of the endpoint's answer when it sent one, e.g. authentication_error. */
  errorType: z.string().nullable(),
  /** The endpoint's own words (its error message), or what went wrong before any answer. */
  message: z.string(),
  /** What to do next, in one sentence. */
  advice: z.string(),
  requestId: z.string().nullable(),
  elapsedMs: z.number().int().nonnegative()
})
export type ConnectionReport = z.infer<typeof ConnectionReport>

export const modelMethods = {
  /** The model table: context window and prices per known model, newest first. */
  'models.list': method(z.object({}), z.array(ModelInfo)),
  /** One real, minimal call (one output token) with the saved settings and key. */
  'models.testConnection': method(z.object({}), ConnectionReport)
} as const
