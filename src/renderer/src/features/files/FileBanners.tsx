import type { ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { ConflictBanner } from './ConflictBanner'
import type { OpenFile } from './openFile'

/** Everything the user must know about the file before trusting the editor, most urgent first. */
export function FileBanners({ file }: Readonly<{ file: OpenFile }>): ReactNode {
  return (
    <>
      {file.loadError !== null && (
        <Banner tone="danger" title="This file could not be opened" data-testid="file-load-error">
          {file.loadError}
        </Banner>
      )}
      {file.doc?.readError != null && (
        <Banner
          tone="danger"
          title="Read-only: Hearth cannot use this file as text"
          data-testid="file-read-error"
        >
          {file.doc.readError}
        </Banner>
      )}
      <ConflictBanner file={file} />
      {file.saveError !== null && (
        <Banner tone="danger" title="Not saved" data-testid="file-save-error">
          {file.saveError} Your edits are still here.
        </Banner>
      )}
      {file.doc !== null && !file.doc.exists && file.doc.readError === null && (
        <Banner tone="info" title="This file does not exist yet" data-testid="file-missing">
          Saving creates it at the path above.
        </Banner>
      )}
    </>
  )
}
