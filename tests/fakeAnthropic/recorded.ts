import { z } from 'zod'
import { sentBodySchema } from './sentBody'

/**
 * A recorded request as `GET /__fake/requests` answers it (RecordedRequest in JSON), for clients
 * in another process: they parse the answer instead of trusting its shape.
 */
const usageSchema = z.object({
  input_tokens: z.number(),
  cache_creation_input_tokens: z.number(),
  cache_read_input_tokens: z.number(),
  cache_creation: z.object({
    ephemeral_5m_input_tokens: z.number(),
    ephemeral_1h_input_tokens: z.number()
  }),
  output_tokens: z.number(),
  service_tier: z.literal('standard')
})

export const recordedRequestSchema = z.object({
  index: z.number(),
  method: z.string(),
  path: z.string(),
  headers: z.record(z.string(), z.string()),
  body: sentBodySchema.optional(),
  at: z.number(),
  requestId: z.string(),
  status: z.number(),
  usage: usageSchema.optional(),
  outcome: z.enum(['complete', 'aborted', 'error_event', 'dropped']).optional()
})

export const recordedRequestsSchema = z.array(recordedRequestSchema)
