import type { ReactNode } from 'react'
import type { ChatSearchHit } from '../../../../shared/contract'

/** A search hit's snippet: matched runs in <mark>, every run as text (message markup stays text). */
export function Snippet({ parts }: Readonly<{ parts: ChatSearchHit['snippet'] }>): ReactNode {
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>
      )}
    </>
  )
}
