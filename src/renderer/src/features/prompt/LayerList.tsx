import type { ReactNode } from 'react'
import type { AssembledPromptView } from '../../../../shared/contract'
import { LayerCard } from './LayerCard'

/** Every layer in prompt order, each with its source, size and what happened to it. */
export function LayerList({ view }: Readonly<{ view: AssembledPromptView }>): ReactNode {
  return (
    <section className="prompt-layers" aria-label="Layers">
      <h2 className="panel__title">Layers</h2>
      <ol className="prompt-layers__list" data-testid="prompt-layers">
        {view.layers.map((layer) => (
          <LayerCard key={layer.id} layer={layer} cwd={view.cwd} />
        ))}
      </ol>
    </section>
  )
}
