import type { ReactNode } from 'react'
import type { Fact, ToolWrite } from '../../../../shared/contract'
import { MemoryChangeList } from '../memory'

/** A memory write has one text to edit only when it is a single add or replace. */
export function toolWriteEditable(fact: Fact): boolean {
  const operations = fact.toolWrite?.operations ?? []
  return operations.length === 1 && operations[0]?.action !== 'remove'
}

/** Exactly what approving the write does to MEMORY.md or USER.md, line by line. */
export function ToolWriteChanges({ write }: Readonly<{ write: ToolWrite }>): ReactNode {
  const file = write.target === 'user' ? 'USER.md' : 'MEMORY.md'
  return (
    <div className="candidate__write" data-testid="candidate-write">
      <div className="muted">Approving writes this to {file} (you can undo it from the chat):</div>
      <MemoryChangeList changes={write.changes} />
    </div>
  )
}
