import { useEffect, useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { SkillsView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { selectSelectedAgent } from '../agents/agentsSlice'
import { FileView } from '../files/FileView'
import { NewSkillDialog } from './NewSkillDialog'
import { SkillIndexPanel } from './SkillIndexPanel'
import { SkillRow } from './SkillRow'
import { selectSkillSelection, selectSkillsView } from './skillsSlice'
import './skills.css'

/** The list: the whole index first, then every skill in the folder. */
function SkillList({ view, agentName }: Readonly<{ view: SkillsView; agentName: string }>): ReactNode {
  const selection = useAppStore(selectSkillSelection)
  const select = useAppStore((state) => state.selectSkill)
  return (
    <div className="skills-list">
      <button
        type="button"
        className={
          selection.kind === 'index' ? 'skills-list__index skill-row--selected' : 'skills-list__index'
        }
        aria-current={selection.kind === 'index' ? 'true' : undefined}
        onClick={() => select({ kind: 'index' })}
      >
        <span className="skill-row__name">Skills index</span>
        <span className="muted">≈ {view.index.tokens.toLocaleString('en-US')} tokens</span>
      </button>
      {view.skills.length === 0 ? (
        <p className="muted skills-list__empty">No skills yet.</p>
      ) : (
        <ul className="skills-list__items" aria-label="Skills">
          {view.skills.map((skill) => (
            <SkillRow key={skill.path} skill={skill} agentName={agentName} toolEnabled={view.toolEnabled} />
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * Skills: every skill in the skills folder with what it costs, what the scanner says and whether
 * the selected agent's index lists it; its SKILL.md in the editor; new skills; the index itself.
 */
export function SkillsSection(): ReactNode {
  const agent = useAppStore(selectSelectedAgent)
  const view = useAppStore(selectSkillsView)
  const selection = useAppStore(selectSkillSelection)
  const { load, error } = useAppStore(useShallow((s) => ({ load: s.loadSkills, error: s.skillsError })))
  const [creating, setCreating] = useState(false)
  const [previewOpen, setPreviewOpen] = useState(false)
  useEffect(() => {
    void load()
  }, [load, agent?.id])
  const agentName = agent?.name ?? 'this agent'
  return (
    <div className="section section--fill skills-section" data-testid="skills-section">
      <header className="section__header">
        <h1 className="section__title">Skills</h1>
        <span className="section__subtitle">
          {agent ? `What ${agent.name} can load with skill_view` : 'Pick an agent first'}
        </span>
        <Button variant="primary" className="skills-section__new" onClick={() => setCreating(true)}>
          New skill
        </Button>
      </header>
      {error !== null && (
        <Banner tone="danger" title="The skills could not be read">
          {error}
        </Banner>
      )}
      {view?.warnings.map((warning) => (
        <Banner key={warning} tone="warning" title="Not loaded">
          {warning}
        </Banner>
      ))}
      {agent === undefined ? (
        <EmptyState title="No agent selected">Create or pick an agent to see its skills.</EmptyState>
      ) : (
        view !== null && (
          <div className="skills-layout">
            <SkillList view={view} agentName={agentName} />
            <div className="skills-detail">
              {selection.kind === 'skill' ? (
                <FileView
                  key={selection.path}
                  target={{ kind: 'skill', path: selection.path }}
                  label={`skills/${selection.path}`}
                  previewOpen={previewOpen}
                  onTogglePreview={() => setPreviewOpen((open) => !open)}
                />
              ) : (
                <SkillIndexPanel view={view} agentName={agentName} />
              )}
            </div>
          </div>
        )
      )}
      {creating && <NewSkillDialog onClose={() => setCreating(false)} />}
    </div>
  )
}
