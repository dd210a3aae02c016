import type { ReactNode } from 'react'
import type { DiffRun } from '../../../../shared/contract'

/** Unchanged lines kept around a change; the rest of an unchanged run is folded into one note. */
const CONTEXT_LINES = 2

function foldSame(text: string, first: boolean, last: boolean): string[] {
  const lines = text.split('\n')
  const keepHead = first ? 0 : CONTEXT_LINES
  const keepTail = last ? 0 : CONTEXT_LINES
  if (lines.length <= keepHead + keepTail + 1) return lines
  const hidden = lines.length - keepHead - keepTail
  return [
    ...lines.slice(0, keepHead),
    `… ${hidden} unchanged line${hidden === 1 ? '' : 's'} …`,
    ...lines.slice(lines.length - keepTail)
  ]
}

const SIGN = { same: ' ', add: '+', remove: '−' } as const

/**
 * A line diff (`mode="lines"`, one row per line with +/− signs, long unchanged stretches folded)
 * or a word diff (`mode="words"`, inline, additions green and removals struck through in red).
 */
export function DiffRuns({
  runs,
  mode
}: Readonly<{ runs: readonly DiffRun[]; mode: 'lines' | 'words' }>): ReactNode {
  if (mode === 'words') {
    return (
      <span className="diff-words" data-testid="inspector-diff-words">
        {runs.map((run, i) => (
          <span key={i} className={`diff-${run.op}`}>
            {run.text}
          </span>
        ))}
      </span>
    )
  }
  return (
    <pre className="diff-lines" data-testid="inspector-diff-lines">
      {runs.map((run, i) => {
        const lines =
          run.op === 'same' ? foldSame(run.text, i === 0, i === runs.length - 1) : run.text.split('\n')
        return lines.map((line, j) => (
          <div key={`${i}-${j}`} className={`diff-line diff-${run.op}`}>
            <span className="diff-sign">{SIGN[run.op]}</span>
            {line || ' '}
          </div>
        ))
      })}
    </pre>
  )
}
