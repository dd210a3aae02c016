import type { ReactNode } from 'react'
import { TOOL_STATE_TEXT, toolOutcome } from './toolOutcome'

type ToolCallCardProps = Readonly<{
  name: string
  input: unknown
  ok: boolean | null
  result: string | null
  /** Data URLs of images the tool returned (stored results only). */
  images?: readonly string[]
}>

/**
 * One tool call: what the model asked for and what came back (pending while it runs). The chip
 * says what the call came to, and a refusal's reason shows in words without opening the card.
 */
export function ToolCallCard({ name, input, ok, result, images = [] }: ToolCallCardProps): ReactNode {
  const outcome = toolOutcome(ok, result)
  const reason = outcome.state === 'refused' || outcome.state === 'failed' ? outcome.reason : null
  return (
    <details className={`tool-card tool-card--${outcome.state}`} data-testid="tool-call-card">
      <summary>
        <span className="tool-card__name">{name}</span>
        <span className="tool-card__state" data-testid="tool-call-state">
          {TOOL_STATE_TEXT[outcome.state]}
        </span>
        {reason !== null && (
          <span className="tool-card__reason" data-testid="tool-call-reason">
            {reason}
          </span>
        )}
      </summary>
      <pre className="tool-card__io">{JSON.stringify(input, null, 2)}</pre>
      {result !== null && <pre className="tool-card__io tool-card__result">{result}</pre>}
      {images.length > 0 && (
        <div className="tool-card__images">
          {images.map((src, i) => (
            <img key={i} src={src} alt={`Image ${i + 1} returned by ${name}`} className="tool-card__image" />
          ))}
        </div>
      )}
    </details>
  )
}
