import { z } from 'zod'

/**
 * What the fake records of a Messages request body: the fields tests read, typed as the API
 * defines them, every other field kept as sent (loose objects). A body that is not JSON or not
 * this shape is recorded as undefined (the fake's own validation answers it with a 400).
 */

const cacheControlSchema = z.looseObject({ type: z.string(), ttl: z.string().optional() })

const sourceSchema = z.looseObject({
  type: z.string(),
  media_type: z.string().optional(),
  data: z.string().optional(),
  url: z.string().optional()
})

/** A block inside a tool_result's content (text or image), as sent. */
const nestedBlockSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  source: sourceSchema.optional()
})

/**
 * One content block of a message. The wire has many block types (text, image, document,
 * tool_use, tool_result, thinking …), so each field is optional and `type` says which are set.
 */
const contentBlockSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().optional(),
  content: z.union([z.string(), z.array(nestedBlockSchema)]).optional(),
  is_error: z.boolean().optional(),
  source: sourceSchema.optional(),
  title: z.string().optional(),
  thinking: z.string().optional(),
  signature: z.string().optional(),
  cache_control: cacheControlSchema.optional()
})

const messageSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(contentBlockSchema)])
})

const systemBlockSchema = z.looseObject({
  type: z.string(),
  text: z.string(),
  cache_control: cacheControlSchema.optional()
})

const toolSchema = z.looseObject({
  name: z.string(),
  type: z.string().optional(),
  description: z.string().optional(),
  input_schema: z.unknown().optional(),
  cache_control: cacheControlSchema.optional()
})

export const sentBodySchema = z.looseObject({
  model: z.string(),
  max_tokens: z.number().optional(),
  stream: z.boolean().optional(),
  system: z.union([z.string(), z.array(systemBlockSchema)]).optional(),
  messages: z.array(messageSchema),
  tools: z.array(toolSchema).optional(),
  tool_choice: z.looseObject({ type: z.string(), name: z.string().optional() }).optional(),
  metadata: z.looseObject({ user_id: z.string().optional() }).optional(),
  cache_control: cacheControlSchema.optional()
})

export type SentBody = z.infer<typeof sentBodySchema>
export type SentMessage = SentBody['messages'][number]
export type SentBlock = z.infer<typeof contentBlockSchema>
export type SentTool = z.infer<typeof toolSchema>
export type SentSystemBlock = z.infer<typeof systemBlockSchema>

/** The body as the fake records it: the parsed Messages request, or undefined when it is not one. */
export function readSentBody(raw: string): SentBody | undefined {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return undefined
  }
  const parsed = sentBodySchema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}
