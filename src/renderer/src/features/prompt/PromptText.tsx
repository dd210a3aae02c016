import type { ReactNode } from 'react'
import type { AssembledPromptView } from '../../../../shared/contract'
import { layerLabel } from './layerInfo'

/**
 * The exact text, byte for byte, with each layer tinted by its tier (from the reported
 * offsets), so every character can be traced to the layer that produced it.
 */
export function PromptText({ view }: Readonly<{ view: AssembledPromptView }>): ReactNode {
  const parts: ReactNode[] = []
  let cursor = 0
  for (const layer of view.layers) {
    if (layer.start > cursor) parts.push(view.text.slice(cursor, layer.start))
    parts.push(
      <span
        key={layer.id}
        className={`prompt-text__layer tier--${layer.tier}-text`}
        title={layerLabel(layer)}
        data-layer={layer.id}
      >
        {view.text.slice(layer.start, layer.end)}
      </span>
    )
    cursor = layer.end
  }
  if (cursor < view.text.length) parts.push(view.text.slice(cursor))
  return (
    <section className="prompt-text" aria-label="Exact prompt text">
      <h2 className="panel__title">Exact text</h2>
      <pre className="prompt-text__body" data-testid="prompt-text">
        {parts}
      </pre>
    </section>
  )
}
