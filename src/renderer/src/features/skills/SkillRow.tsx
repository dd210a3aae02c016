import { useState, type ReactNode } from 'react'
import type { SkillInfo } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectSkillSelection } from './skillsSlice'

const PLATFORM_NAMES: Readonly<Record<string, string>> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }

/** Where the skill stands in this agent's index, in words, with the pill's tone. */
function indexLabel(skill: SkillInfo, agentName: string, toolEnabled: boolean): [string, string] {
  switch (skill.state) {
    case 'listed':
      return toolEnabled
        ? [`In the index · ≈ ${skill.indexTokens} tokens`, 'status-pill--good']
        : ['Not in the index: no skill_view', '']
    case 'disabled':
      return skill.disabledBy === 'everyone'
        ? ['Off for every agent (config.json)', '']
        : [`Off for ${agentName}`, '']
    case 'other-platform':
      return [`Only on ${skill.platforms.map((p) => PLATFORM_NAMES[p] ?? p).join(', ')}`, '']
    case 'blocked':
      return [`Left out: scanner matched ${skill.indexBlocked.join(', ')}`, 'status-pill--danger']
    case 'shadowed':
      return ['Left out: another skill has this name', 'status-pill--warn']
  }
}

/** What the scanner says of SKILL.md's text, which skill_view hands the model when the skill is loaded. */
function scanLabel(skill: SkillInfo): [string, string] {
  if (skill.readError !== null) return ['Cannot be read', 'status-pill--danger']
  const blocking = skill.findings.filter((finding) => finding.severity === 'block')
  if (blocking.length > 0)
    return [`Blocked when loaded: ${blocking.map((f) => f.id).join(', ')}`, 'status-pill--danger']
  if (skill.findings.length > 0) return ['Scan: a warning, not blocking', 'status-pill--warn']
  return ['Scan: clean', '']
}

/** One skill: its name (opens SKILL.md), costs, scan and index status, and its switch for this agent. */
export function SkillRow({
  skill,
  agentName,
  toolEnabled
}: Readonly<{ skill: SkillInfo; agentName: string; toolEnabled: boolean }>): ReactNode {
  const selection = useAppStore(selectSkillSelection)
  const select = useAppStore((state) => state.selectSkill)
  const setEnabled = useAppStore((state) => state.setSkillEnabled)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const selected = selection.kind === 'skill' && selection.path === skill.path
  const [indexText, indexTone] = indexLabel(skill, agentName, toolEnabled)
  const [scanText, scanTone] = scanLabel(skill)
  const on = skill.disabledBy === null
  const toggle = async (): Promise<void> => {
    setBusy(true)
    const result = await setEnabled(skill.path, !on)
    setBusy(false)
    setError(result.ok ? null : result.message)
  }
  return (
    <li className={selected ? 'skill-row skill-row--selected' : 'skill-row'} aria-label={skill.name}>
      <div className="skill-row__top">
        <button
          type="button"
          className="skill-row__open"
          aria-current={selected ? 'true' : undefined}
          title={`Open skills/${skill.path}`}
          onClick={() => select({ kind: 'skill', path: skill.path })}
        >
          <span className="skill-row__name">{skill.name}</span>
          <span className="skill-row__category muted">{skill.category}</span>
        </button>
        <label className="skill-row__switch" title={switchTitle(skill, agentName)}>
          <input
            type="checkbox"
            role="switch"
            checked={on}
            disabled={busy || skill.disabledBy === 'everyone'}
            onChange={() => void toggle()}
            aria-label={`Use ${skill.name} in ${agentName}’s chats`}
          />
          <span className="muted">{on ? 'On' : 'Off'}</span>
        </label>
      </div>
      {skill.description !== '' && <p className="skill-row__description">{skill.description}</p>}
      <div className="skill-row__pills">
        <span className={`status-pill ${indexTone}`}>{indexText}</span>
        <span className={`status-pill ${scanTone}`}>{scanText}</span>
        <span className="status-pill" title="What skill_view hands the model when the agent loads it">
          SKILL.md ≈ {skill.tokens.toLocaleString('en-US')} tokens
        </span>
      </div>
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

function switchTitle(skill: SkillInfo, agentName: string): string {
  if (skill.disabledBy === 'everyone')
    return 'Switched off for every agent in config.json (skills.disabled); remove it there to switch it on.'
  return `New chats of ${agentName} list it in their skills index, and skill_view loads it.`
}
