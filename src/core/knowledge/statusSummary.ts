import type { EmbeddingStatus } from '../../shared/contract/knowledge'

/** The one line the UI and `hearth search` show about how search works right now. */
export function statusSummary(input: {
  items: number
  pending: number
  embedded: number
  embeddings: EmbeddingStatus
}): string {
  const { items, pending, embedded, embeddings } = input
  const indexing = pending > 0 ? `; ${pending} change${pending === 1 ? '' : 's'} waiting to be indexed` : ''
  const count = `${items} item${items === 1 ? '' : 's'} indexed`
  switch (embeddings.state) {
    case 'off':
      return `Words only (no embedding model set in Settings → Knowledge): ${count}${indexing}.`
    case 'failing':
      return `Words only for now: ${embeddings.error ?? 'the embedding endpoint failed'}; ${count}${indexing}.`
    case 'ok': {
      const vectors =
        embedded < items ? `, ${embedded} of them with vectors (embedding the rest)` : ', all with vectors'
      return `Words and meaning (${embeddings.model ?? 'model'}): ${count}${vectors}${indexing}.`
    }
  }
}
