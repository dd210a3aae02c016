import { Suspense, useEffect, type ReactNode } from 'react'
import { lazyCode } from '../../lib/lazyCode'
import { Panel } from '../../ui/Panel'
import { useAppStore } from '../../store/useAppStore'
import { selectFirstRunStep, type FirstRunStep } from '../agents/agentsSlice'
import { NewAgentForm } from '../agents/NewAgentForm'
import { ProfileStep } from './ProfileStep'

const STEPS: readonly { readonly id: FirstRunStep; readonly label: string }[] = [
  { id: 'agent', label: 'Name an agent' },
  { id: 'profile', label: 'About you' },
  { id: 'model', label: 'Connect a model' }
]

/**
 * The model step's forms check drafts with the contract's zod schemas, so it is a chunk of its
 * own: the first screen of an existing home (Chat) is drawn without loading zod.
 */
const MODEL_STEP = lazyCode(() => import('./ModelStep').then((m) => m.ModelStep))

/** First run: three short steps from an empty home to a usable agent, well under a minute. */
export function FirstRun(): ReactNode {
  const step = useAppStore(selectFirstRunStep) ?? 'agent'
  const index = STEPS.findIndex((candidate) => candidate.id === step)
  // Fetched while the first steps are filled in, so the third draws at once (a failure shows there).
  useEffect(() => void MODEL_STEP.load().catch(() => undefined), [])
  return (
    <main className="first-run" data-testid="first-run">
      <div className="first-run__intro">
        <span className="sidebar__brand-mark first-run__mark" aria-hidden="true" />
        <h1>Welcome to Hearth</h1>
        <p className="muted">
          Your agents live in plain files on this computer. Everything they are told and remember, you can
          read and edit.
        </p>
      </div>
      <ol className="first-run__steps" aria-label="Setup steps">
        {STEPS.map((candidate, position) => (
          <li
            key={candidate.id}
            aria-current={candidate.id === step ? 'step' : undefined}
            className={position < index ? 'is-done' : ''}
          >
            <span className="first-run__number">{position + 1}</span> {candidate.label}
          </li>
        ))}
      </ol>
      <Panel className="first-run__card">
        {step === 'agent' && (
          <>
            <h2>Name your first agent</h2>
            <p className="muted">
              For example a research agent or a coding agent. You can add more, rename or delete them later.
            </p>
            <NewAgentForm />
          </>
        )}
        {step === 'profile' && <ProfileStep />}
        {step === 'model' && (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <MODEL_STEP.component />
          </Suspense>
        )}
      </Panel>
    </main>
  )
}
