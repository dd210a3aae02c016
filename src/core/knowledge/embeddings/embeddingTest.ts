import { EmbeddingError, embed } from './embeddingClient'
import type { EmbeddingConfigInput, EmbeddingSettings } from './embeddingSettings'

const TEST_TEXT = 'Hearth checks that this endpoint can embed a sentence.'
const TEST_TIMEOUT_MS = 10_000

/** Settings → Knowledge's Test: one embedding with the typed (or saved) endpoint, and what came back. */
export async function testEmbeddings(
  settings: EmbeddingSettings,
  input: Partial<EmbeddingConfigInput>
): Promise<{ ok: boolean; dims: number | null; ms: number; message: string }> {
  const endpoint = await settings.endpoint(input)
  if (endpoint === null)
    return { ok: false, dims: null, ms: 0, message: 'Enter a base URL and a model first.' }
  const started = performance.now()
  try {
    const [vector] = await embed(endpoint, [TEST_TEXT], { timeoutMs: TEST_TIMEOUT_MS })
    const ms = Math.round(performance.now() - started)
    const dims = vector?.length ?? 0
    return {
      ok: true,
      dims,
      ms,
      message: `${endpoint.model} answered in ${ms} ms with ${dims}-dimensional vectors.`
    }
  } catch (error) {
    const ms = Math.round(performance.now() - started)
    const message =
      error instanceof EmbeddingError ? error.message : error instanceof Error ? error.message : String(error)
    return { ok: false, dims: null, ms, message }
  }
}
