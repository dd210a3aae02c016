import type { ReactNode } from 'react'
import type { PromptLayer } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'

/** Truncation numbers and every scanner finding with the exact line that matched. */
export function LayerFindings({ layer }: Readonly<{ layer: PromptLayer }>): ReactNode {
  const { truncation } = layer
  return (
    <>
      {truncation !== null && (
        <Banner tone="warning" title="Truncated" data-testid="prompt-layer-truncated">
          {truncation.label} has {truncation.total.toLocaleString('en-US')} chars, over the cap of{' '}
          {truncation.cap.toLocaleString('en-US')}: kept the first {truncation.head.toLocaleString('en-US')}{' '}
          and the last {truncation.tail.toLocaleString('en-US')}.
        </Banner>
      )}
      {layer.blocked.length > 0 && (
        <Banner
          tone="danger"
          title={`Blocked: ${layer.blocked.join(', ')}`}
          data-testid="prompt-layer-blocked"
        >
          <ul className="prompt-findings">
            {layer.findings.map((finding) => (
              <li key={`${finding.id}:${finding.line}:${finding.entry ?? ''}`} data-testid="prompt-finding">
                <span className="prompt-findings__where">
                  line {finding.line}
                  {finding.entry !== undefined ? ` (entry ${finding.entry + 1})` : ''} · {finding.id}
                </span>
                <code className="prompt-findings__line">{finding.lineText}</code>
              </li>
            ))}
          </ul>
        </Banner>
      )}
    </>
  )
}
