import type { ReactNode } from 'react'
import type { SkillsView } from '../../../../shared/contract'

/** Why an agent's prompt has no skills index, in words. */
function emptyReason(view: SkillsView, agentName: string): string {
  if (!view.toolEnabled)
    return `${agentName} has no skill_view tool, so its prompt gets no skills index. Switch on the skills toolset in Settings → Tools.`
  if (view.skills.length === 0)
    return `The skills folder is empty. Create a skill, or put folders with a SKILL.md in ${view.folder}.`
  return `No skill is listed for ${agentName}: each one is switched off, for another platform, or left out by the scanner.`
}

/** The skills layer of the prompt a new chat of the agent gets, exactly as it is sent. */
export function SkillIndexPanel({
  view,
  agentName
}: Readonly<{ view: SkillsView; agentName: string }>): ReactNode {
  return (
    <section className="skills-index" aria-label="What reaches the prompt">
      <div className="injected__header">
        <h2 className="panel__title">What reaches {agentName}’s prompt</h2>
        <span className="status-pill" data-testid="skills-index-tokens">
          ≈ {view.index.tokens.toLocaleString('en-US')} tokens in every prompt
        </span>
      </div>
      <p className="field__hint">
        The skills index of a new chat of {agentName}. A chat keeps the prompt it started with; the agent
        loads a skill’s whole SKILL.md only when it calls skill_view.
      </p>
      {view.index.text === '' ? (
        <p className="muted" data-testid="skills-index-empty">
          {emptyReason(view, agentName)}
        </p>
      ) : (
        <pre className="injected__text" data-testid="skills-index-text">
          {view.index.text}
        </pre>
      )}
    </section>
  )
}
