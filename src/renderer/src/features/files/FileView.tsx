import { Suspense, useCallback, useEffect, useEffectEvent, type ReactNode } from 'react'
import type { FileTarget } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { DiffView, TextEditor } from './editor'
import { editorLanguage } from './editor/editorLanguage'
import { ChatsBehindNotice } from './ChatsBehindNotice'
import { FileBanners } from './FileBanners'
import { FileHeader } from './FileHeader'
import { fileKey } from './fileTargets'
import { selectOpenFile } from './fileSelectors'
import { InjectedPanel } from './InjectedPanel'
import { MemoryBudget } from './MemoryBudget'
import { TrustNotice } from './TrustNotice'
import { isReadOnly } from './openFile'
import { useSaveShortcut } from './useSaveShortcut'

/** One file: header, banners, the editor (or the conflict diff) and, beside it, what reaches the prompt. */
export function FileView({
  target,
  label,
  previewOpen,
  onTogglePreview
}: Readonly<{
  target: FileTarget
  label: string
  /** Whether the prompt preview is unfolded where it sits under the editor (narrow windows). */
  previewOpen: boolean
  onTogglePreview: () => void
}>): ReactNode {
  const key = fileKey(target)
  const file = useAppStore(selectOpenFile(key))
  const openFile = useAppStore((state) => state.openFile)
  const editDraft = useAppStore((state) => state.editDraft)
  const saveFile = useAppStore((state) => state.saveFile)
  // Opened once per file: keyed on `key`, not `target`, whose object the parent rebuilds on every render.
  const openTarget = useEffectEvent(() => void openFile(target))
  useEffect(() => {
    openTarget()
  }, [key])
  const save = useCallback(() => void saveFile(key), [saveFile, key])
  useSaveShortcut(save)
  if (file === undefined) return null
  const showDiff = file.showDiff && file.conflict !== null
  const bodyClass = [
    'file-view__body',
    showDiff ? 'file-view__body--diff' : '',
    previewOpen && !showDiff ? 'file-view__body--preview-open' : ''
  ]
  return (
    <div className="file-view" id="file-panel" role="tabpanel" aria-label={label} data-testid="file-view">
      <FileHeader file={file} />
      <FileBanners file={file} />
      <ChatsBehindNotice fileKey={key} hash={file.doc?.hash} />
      <div className={bodyClass.filter(Boolean).join(' ')}>
        <div className="file-view__editor">
          <Suspense fallback={<div className="muted text-editor__loading">Loading the editor…</div>}>
            {showDiff && file.conflict !== null ? (
              <DiffView
                original={file.conflict.disk.content}
                modified={file.draft}
                originalLabel="On disk now"
                modifiedLabel="Your unsaved version"
                language={editorLanguage(file.conflict.disk.path)}
                data-testid="conflict-diff-view"
              />
            ) : file.doc?.readError != null ? (
              <p className="file-view__unreadable" data-testid="file-unreadable">
                Hearth does not show this file's content. Open it with another program, or replace it with a
                UTF-8 text file.
              </p>
            ) : (
              file.doc !== null && (
                <TextEditor
                  value={file.draft}
                  readOnly={isReadOnly(file)}
                  language={editorLanguage(file.doc.path)}
                  ariaLabel={`${label} editor`}
                  data-testid="file-editor"
                  onChange={(text) => editDraft(key, text)}
                  onSave={save}
                />
              )
            )}
          </Suspense>
        </div>
        {!showDiff && (
          <InjectedPanel
            doc={file.doc}
            budget={<MemoryBudget target={target} reloadKey={file.doc?.hash} />}
            trust={<TrustNotice file={file} />}
            open={previewOpen}
            onToggle={onTogglePreview}
          />
        )}
      </div>
    </div>
  )
}
