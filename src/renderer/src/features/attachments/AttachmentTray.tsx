import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { attachmentBadge, formatSize } from './attachmentRefs'

/** The files waiting to go with the next message: a preview, or a chip with the file's kind, each removable. */
export function AttachmentTray(): ReactNode {
  const drafts = useAppStore((state) => state.draftAttachments)
  const error = useAppStore((state) => state.attachError)
  const remove = useAppStore((state) => state.removeDraftAttachment)
  if (drafts.length === 0 && error === null) return null
  return (
    <div className="attachment-tray" data-testid="attachment-tray">
      {drafts.map((draft) => (
        <span key={draft.id} className="attachment-chip" data-testid="draft-attachment">
          {draft.previewUrl ? (
            <img className="attachment-chip__thumb" src={draft.previewUrl} alt="" />
          ) : (
            <span className="attachment-chip__icon">{attachmentBadge(draft)}</span>
          )}
          <span className="attachment-chip__name">{draft.name}</span>
          <span className="muted">
            {draft.pages ? `${draft.pages} p · ` : ''}
            {draft.pastedChars === undefined
              ? ''
              : `pasted, ${draft.pastedChars.toLocaleString('en-US')} characters · `}
            {formatSize(draft.bytes)}
          </span>
          <button
            type="button"
            className="message-action"
            aria-label={`Remove ${draft.name}`}
            onClick={() => remove(draft.id)}
          >
            ✕
          </button>
        </span>
      ))}
      {error !== null && (
        <p className="chat-error-text attachment-tray__error" role="alert" data-testid="attach-error">
          {error}
        </p>
      )}
    </div>
  )
}
