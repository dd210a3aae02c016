import { useEffect, useId, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectOpenFile } from '../files/fileSelectors'
import { withoutStarterHintText } from '../../../../shared/userProfileStarter'

const USER_TARGET = { kind: 'user' } as const

/** Step 2: a few lines of USER.md, the profile every agent reads. Saved through the same path as Files. */
export function ProfileStep(): ReactNode {
  const file = useAppStore(selectOpenFile('user'))
  const openFile = useAppStore((state) => state.openFile)
  const editDraft = useAppStore((state) => state.editDraft)
  const saveFile = useAppStore((state) => state.saveFile)
  const setFirstRunStep = useAppStore((state) => state.setFirstRunStep)
  const id = useId()
  useEffect(() => {
    void openFile(USER_TARGET)
  }, [openFile])
  async function saveAndContinue(): Promise<void> {
    if (await saveFile('user')) setFirstRunStep('model')
  }
  const problem = file?.loadError ?? file?.saveError ?? file?.conflict?.message ?? null
  return (
    <>
      <h2>Tell your agents about you</h2>
      <label className="field__label" htmlFor={id}>
        USER.md — shared by all your agents
      </label>
      <textarea
        id={id}
        className="textarea"
        data-testid="profile-input"
        // The seeded hint speaks to the user (the line below says the same): not left in the box to delete.
        value={withoutStarterHintText(file?.draft ?? '')}
        disabled={file?.doc == null}
        onChange={(event) => editDraft('user', event.target.value)}
      />
      <p className="field__hint">
        Your name, what you work on, how you like answers. A few lines are enough; you can edit it any time in
        Files.
      </p>
      {problem !== null && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <Button variant="ghost" data-testid="profile-skip" onClick={() => setFirstRunStep('model')}>
          Skip for now
        </Button>
        <Button
          variant="primary"
          data-testid="profile-save"
          disabled={file?.doc == null || file.saving}
          onClick={() => void saveAndContinue()}
        >
          Save and continue
        </Button>
      </div>
    </>
  )
}
