import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { isDirty, type OpenFile } from './openFile'

/**
 * "I wrote this — trust it", beside the scanner's warnings on a file of the user's own (SOUL.md,
 * MEMORY.md, USER.md). Trust covers the saved text the warnings describe; a later change is
 * scanned again. Files from elsewhere (a project's rules) never get the offer.
 */
export function TrustNotice({ file }: Readonly<{ file: OpenFile }>): ReactNode {
  const trustFile = useAppStore((state) => state.trustFile)
  const trust = file.doc?.injected?.trust ?? 'none'
  const error =
    file.trustError === null ? null : (
      <Banner tone="danger" title="Not trusted" data-testid="file-trust-error">
        {file.trustError}
      </Banner>
    )
  if (trust === 'trusted')
    return (
      <>
        {error}
        <Banner tone="success" title="Trusted as your own words" data-testid="file-trusted">
          It reaches the prompt as you wrote it. New chats load it; a chat already open keeps the prompt it
          started with. If the text changes, it is scanned again.
        </Banner>
      </>
    )
  if (trust !== 'offered') return error
  const dirty = isDirty(file)
  return (
    <>
      {error}
      <Banner tone="warning" title="Part of this file is kept from the prompt" data-testid="file-trust-offer">
        <p className="trust-notice__text">
          The injection scanner matched the lines below. If you wrote them yourself, trust this text and it
          reaches the prompt as written. Only this exact text is trusted: a later change is scanned again.
        </p>
        {/* Under the text, not beside it: the panel is narrow. */}
        <Button
          size="small"
          disabled={dirty}
          title={dirty ? 'Save your changes first: trust covers the saved text' : undefined}
          onClick={() => void trustFile(file.key)}
        >
          I wrote this — trust it
        </Button>
      </Banner>
    </>
  )
}
