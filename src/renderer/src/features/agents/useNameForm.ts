import { useState, type FormEvent } from 'react'
import type { ActionResult } from '../../store/types'

export interface NameForm {
  readonly name: string
  readonly error: string | null
  readonly busy: boolean
  readonly setName: (name: string) => void
  readonly onSubmit: (event: FormEvent) => void
}

/** State of a one-field name form whose action reports errors inline (create / rename agent). */
export function useNameForm(initial: string, submit: (name: string) => Promise<ActionResult<unknown>>, onDone: () => void): NameForm {
  const [name, setName] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function run(): Promise<void> {
    if (name.trim() === '') {
      setError('An agent needs a name.')
      return
    }
    setBusy(true)
    const result = await submit(name.trim())
    setBusy(false)
    if (result.ok) onDone()
    else setError(result.message)
  }
  return {
    name,
    error,
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
