import type { ReactNode } from 'react'
import type { PromptLayer } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { LayerFindings } from './LayerFindings'
import { fileKindOf, fileName, layerLabel } from './layerInfo'

/** One layer: tier, name, size, source file (opens it in Files), truncation and blocks. */
export function LayerCard({ layer, cwd }: Readonly<{ layer: PromptLayer; cwd: string | null }>): ReactNode {
  const kind = fileKindOf(layer)
  const navigate = useAppStore((state) => state.navigate)
  const showFileKind = useAppStore((state) => state.showFileKind)
  const chooseProjectDir = useAppStore((state) => state.chooseProjectDir)
  const open = (): void => {
    if (kind === null) return
    if (kind === 'rules' && cwd !== null) chooseProjectDir(cwd)
    showFileKind(kind)
    navigate('files')
  }
  return (
    <li className={`prompt-layer tier--${layer.tier}-edge`} data-testid="prompt-layer" data-layer={layer.id}>
      <div className="prompt-layer__head">
        <span className={`tier-chip tier--${layer.tier}`}>{layer.tier}</span>
        <strong>{layerLabel(layer)}</strong>
        <span className="muted prompt-layer__size">
          ≈ {layer.tokens} tok · {layer.chars} chars
        </span>
      </div>
      <div className="prompt-layer__source">
        {layer.source === null ? (
          <span className="muted">built-in text</span>
        ) : kind !== null ? (
          <Button
            size="small"
            variant="ghost"
            title={`Open ${layer.source} in Files`}
            data-testid="prompt-layer-open"
            onClick={open}
          >
            {fileName(layer.source)} ↗
          </Button>
        ) : (
          <span className="mono" title={layer.source}>
            {fileName(layer.source)}
          </span>
        )}
        <span className="path mono muted" title={layer.source ?? undefined}>
          {layer.source ?? ''}
        </span>
      </div>
      <LayerFindings layer={layer} />
    </li>
  )
}
