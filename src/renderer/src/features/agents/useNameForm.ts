import { useState, type FormEvent } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { AGENT_NAME_MAX, sameAgentName } from '../../../../shared/contract/constants'
import type { ActionResult } from '../../store/types'
import { useAppStore } from '../../store/useAppStore'

export interface NameForm {
  readonly name: string
  readonly error: string | null
  readonly busy: boolean
  readonly setName: (name: string) => void
  readonly onSubmit: (event: FormEvent) => void
}

/**
 * State of a one-field name form whose action reports errors inline (create / rename agent).
 * A name another agent already shows is flagged while typing (`renaming` is the agent being
 * renamed, which may keep its own name); the core refuses it too, whatever the form says.
 */
export function useNameForm(
  initial: string,
  submit: (name: string) => Promise<ActionResult<unknown>>,
  onDone: () => void,
  renaming: string | null = null
): NameForm {
  const [name, setName] = useState(initial)
  const [submitError, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const others = useAppStore(
    useShallow((state) =>
      state.agentIds.filter((id) => id !== renaming).flatMap((id) => state.agentsById[id] ?? [])
    )
  )
  const taken = name.trim() === '' ? undefined : others.find((agent) => sameAgentName(agent.name, name))
  const error =
    submitError ?? (taken ? `An agent named "${taken.name}" already exists. Pick another name.` : null)
  const over = name.trim().length - AGENT_NAME_MAX
  async function run(): Promise<void> {
    if (name.trim() === '') {
      setError('An agent needs a name.')
      return
    }
    if (taken || over > 0) return
    setBusy(true)
    const result = await submit(name.trim())
    setBusy(false)
    if (result.ok) onDone()
    else setError(result.message)
  }
  return {
    name,
    // Said while typing, before Create is pressed: a long paste is never cut without a word.
    error:
      error ??
      (over > 0
        ? `An agent name has at most ${AGENT_NAME_MAX} characters; this one has ${over} too many.`
        : null),
    busy,
    setName: (next) => {
      setName(next)
      setError(null)
    },
    onSubmit: (event) => {
      event.preventDefault()
      void run()
    }
  }
}
