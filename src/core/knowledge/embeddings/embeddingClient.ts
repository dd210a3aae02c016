import { z } from 'zod'

/** What an OpenAI-compatible `/embeddings` answer must look like (extra fields are ignored). */
const EmbeddingResponse = z.object({
  data: z
    .array(z.object({ embedding: z.array(z.number()), index: z.number().int().min(0).optional() }))
    .min(1)
})

export interface EmbeddingEndpoint {
  /** Ends before `/embeddings`. */
  readonly baseUrl: string
  readonly model: string
  readonly apiKey: string | undefined
}

/** A call that failed, with a sentence naming the endpoint and what to do. */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    /** True when trying again later may work (network, 5xx, 429, timeout). */
    readonly transient: boolean
  ) {
    super(message)
    this.name = 'EmbeddingError'
  }
}

/** Every vector came back whole and of one size, but not the size stored so far: the model changed. */
export class DimensionChange extends EmbeddingError {
  constructor(
    message: string,
    readonly dims: number
  ) {
    super(message, false)
    this.name = 'DimensionChange'
  }
}

export function embeddingsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/embeddings`
}

/**
 * Embeds `inputs` in one request. Every vector is checked: as many as inputs, all of
 * `expectedDims` (when known) and of one size, finite, not all zero. Anything else is refused
 * with the endpoint named, never stored.
 */
export async function embed(
  endpoint: EmbeddingEndpoint,
  inputs: readonly string[],
  options: { timeoutMs: number; expectedDims?: number | null; signal?: AbortSignal }
): Promise<number[][]> {
  const url = embeddingsUrl(endpoint.baseUrl)
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {})
      },
      body: JSON.stringify({ model: endpoint.model, input: inputs }),
      signal
    })
  } catch (error) {
    if (timeout.aborted)
      throw new EmbeddingError(`${url} did not answer within ${options.timeoutMs} ms`, true)
    if (options.signal?.aborted) throw options.signal.reason
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
    throw new EmbeddingError(`${url} could not be reached (${cause})`, true)
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) {
    const transient = response.status >= 500 || response.status === 429 || response.status === 408
    const hint =
      response.status === 401 || response.status === 403 ? ' — check the key in Settings → Knowledge' : ''
    throw new EmbeddingError(`${url} answered ${response.status}: ${text.slice(0, 200)}${hint}`, transient)
  }
  return checkVectors(url, endpoint.model, text, inputs.length, options.expectedDims ?? null)
}

function checkVectors(
  url: string,
  model: string,
  text: string,
  count: number,
  expectedDims: number | null
): number[][] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new EmbeddingError(`${url} did not answer with JSON (${text.slice(0, 80)})`, false)
  }
  const parsed = EmbeddingResponse.safeParse(json)
  if (!parsed.success)
    throw new EmbeddingError(
      `${url} did not answer in the OpenAI embeddings format (data[].embedding)`,
      false
    )
  const data = [...parsed.data.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
  if (data.length !== count)
    throw new EmbeddingError(`${url} returned ${data.length} vectors for ${count} texts`, false)
  const dims = data[0]?.embedding.length ?? 0
  if (dims === 0) throw new EmbeddingError(`${url} returned empty vectors`, false)
  for (const [index, item] of data.entries()) {
    const vector = item.embedding
    if (vector.length !== dims)
      throw new EmbeddingError(
        `${url} returned vectors of different sizes (${dims} and ${vector.length}, text ${index + 1}) for model ${model}; they were refused`,
        false
      )
    if (vector.some((value) => !Number.isFinite(value)))
      throw new EmbeddingError(
        `${url} returned a vector with NaN or infinite values (text ${index + 1}); it was refused`,
        false
      )
    if (vector.every((value) => value === 0))
      throw new EmbeddingError(
        `${url} returned an all-zero vector (text ${index + 1}); it was refused`,
        false
      )
  }
  if (expectedDims !== null && dims !== expectedDims)
    throw new DimensionChange(
      `${url} now returns vectors of ${dims} dimensions for model ${model}, not ${expectedDims}`,
      dims
    )
  return data.map((item) => item.embedding)
}
