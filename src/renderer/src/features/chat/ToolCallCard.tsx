import type { ReactNode } from 'react'

type ToolCallCardProps = Readonly<{
  name: string
  input: unknown
  ok: boolean | null
  result: string | null
}>

/** One tool call: what the model asked for and what came back (pending while it runs). */
export function ToolCallCard({ name, input, ok, result }: ToolCallCardProps): ReactNode {
  const state = ok === null ? 'running' : ok ? 'ok' : 'failed'
  return (
    <details className={`tool-card tool-card--${state}`} data-testid="tool-call-card">
      <summary>
        <span className="tool-card__name">{name}</span>
        <span className="tool-card__state">{state === 'running' ? 'running…' : state === 'ok' ? 'done' : 'failed'}</span>
      </summary>
      <pre className="tool-card__io">{JSON.stringify(input, null, 2)}</pre>
      {result !== null && <pre className="tool-card__io tool-card__result">{result}</pre>}
    </details>
  )
}
