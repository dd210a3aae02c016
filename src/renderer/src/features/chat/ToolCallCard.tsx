import type { ReactNode } from 'react'

type ToolCallCardProps = Readonly<{
  name: string
  input: unknown
  ok: boolean | null
  result: string | null
  /** Data URLs of images the tool returned (stored results only). */
  images?: readonly string[]
}>

/** One tool call: what the model asked for and what came back (pending while it runs). */
export function ToolCallCard({ name, input, ok, result, images = [] }: ToolCallCardProps): ReactNode {
  const state = ok === null ? 'running' : ok ? 'ok' : 'failed'
  return (
    <details className={`tool-card tool-card--${state}`} data-testid="tool-call-card">
      <summary>
        <span className="tool-card__name">{name}</span>
        <span className="tool-card__state">
          {state === 'running' ? 'running…' : state === 'ok' ? 'done' : 'failed'}
        </span>
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
