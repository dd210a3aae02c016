import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'

/** Headings a team's shared picture usually needs; a start the user edits, never saved on its own. */
export const PROJECT_STATE_OUTLINE = `# Project state

## Goal
What we are building, and for whom.

## Now
What is being worked on, and by whom.

## Next
What comes after, in order.

## Decided
Choices that hold until someone says otherwise (the Nexus keeps each decision with its reason).

## Open questions
What is not settled yet.
`

/**
 * What this file is for and who reads it, said above the editor; an empty file also offers an
 * outline to start from. The wording follows what the core does: a version saved by someone else
 * reaches an agent's next turn in its Nexus block, and the Nexus tools read and update it.
 */
export function ProjectStateHint({
  empty,
  onOutline
}: Readonly<{ empty: boolean; onOutline: () => void }>): ReactNode {
  return (
    <div className="nexus-project-state__hint" data-testid="nexus-project-state-hint">
      <p>
        The team’s shared picture of the work: the goal, what is being done now, what comes next, what is
        decided and what is still open. When you save, each agent sees the new version at its next turn, in
        its Nexus block (the first 4,000 characters); agents with the Nexus tools read it with
        project_state_read and change it with project_state_update. Every save is recorded in the Nexus as a
        state entry.
      </p>
      {empty && (
        <p className="nexus-project-state__empty">
          <span>The file is empty, so agents see nothing here yet.</span>
          <Button size="small" onClick={onOutline}>
            Start from an outline
          </Button>
        </p>
      )}
    </div>
  )
}
