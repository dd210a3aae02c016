import type { ReactNode } from 'react'
import type { CallContextBlock, ContextItem } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { factSource, memoryFileSource, nexusEntrySource, type HitSource } from '../search/sources'

/** Where an item lives, as a link's words and the place it opens; null when it names no place. */
function itemSource(item: ContextItem): { label: string; source: HitSource } | null {
  if (item.kind === 'fact' && item.factId !== null && item.agentId !== null)
    return { label: `Fact #${item.factId} in Memories`, source: factSource(item.agentId, item.factId) }
  if (item.kind === 'file' && item.slug !== null && item.agentId !== null)
    return { label: `Memory file “${item.slug}”`, source: memoryFileSource(item.agentId, item.slug) }
  if (item.kind === 'nexus' && item.seq !== null)
    return { label: `Nexus entry #${item.seq}`, source: nexusEntrySource(item.seq) }
  return null
}

function Item({ item }: Readonly<{ item: ContextItem }>): ReactNode {
  const openSource = useAppStore((state) => state.openSource)
  const place = itemSource(item)
  return (
    <li className="inspector-context-item" data-testid="inspector-context-item">
      {place === null ? (
        <span>{item.kind}</span>
      ) : (
        <button
          type="button"
          className="fact-source fact-source--link"
          title="Open where it lives"
          onClick={() => void openSource(place.source)}
        >
          {place.label}
        </button>
      )}
      {item.score !== null && <span className="muted"> · score {item.score.toPrecision(3)}</span>}
      {item.text !== null && <div className="inspector-context-item__text">{item.text}</div>}
      <div className="muted" data-testid="inspector-context-why">
        {item.why}
      </div>
    </li>
  )
}

/**
 * The per-turn blocks exactly as this call sent them (appended to the current message, kept in
 * the call record, never in the transcript), each with what it put before the model.
 */
export function ContextBlocks({ context }: Readonly<{ context: readonly CallContextBlock[] }>): ReactNode {
  if (context.length === 0) return null
  return (
    <>
      <h3>Per-turn context ({context.length})</h3>
      <p className="muted">
        Appended to the current message for this call only: kept with the call, never in the transcript, so
        later requests leave it out and the cached prefix stays the same.
      </p>
      {context.map((block) => (
        <section
          key={`${block.providerId}-${block.fenceTag}`}
          className="inspector-context"
          data-testid="inspector-context-block"
          aria-label={`<${block.fenceTag}> from ${block.providerId}`}
        >
          <h4>
            <code>&lt;{block.fenceTag}&gt;</code> from {block.providerId}{' '}
            <span className="muted">
              · {block.chars} chars · sha256 {block.sha256.slice(0, 12)}…
            </span>
          </h4>
          {block.text === null ? (
            <p className="muted">
              This call was recorded before the call record kept the block’s text: only its size and hash are
              known.
            </p>
          ) : (
            <pre className="inspector-context__text" data-testid="inspector-context-text">
              {block.text}
            </pre>
          )}
          {block.items.length > 0 && (
            <ol className="inspector-context__items">
              {block.items.map((item, i) => (
                <Item key={i} item={item} />
              ))}
            </ol>
          )}
        </section>
      ))}
    </>
  )
}
