import { ATTACHMENT_LIMITS, refuseFile, TEXT_MEDIA_TYPE } from '../../../../shared/attachments'
import type { AttachmentView } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { SliceCreator } from '../../store/types'

/** A file the composer holds for the next message: stored already, with a preview for images. */
export interface DraftAttachment extends AttachmentView {
  readonly previewUrl: string | null
  /** How many characters a paste turned into this text file held (the chip counts them). */
  readonly pastedChars?: number
}

/** A paste this long goes with the message as a text file instead of filling the box. */
export const PASTE_AS_FILE_CHARS = 10_000

/** Attachments of the message being written, and the thumbnails of those already sent. */
export interface AttachmentsSlice {
  readonly draftAttachments: readonly DraftAttachment[]
  readonly attachError: string | null
  readonly attachmentThumbnails: Readonly<Record<string, string | null>>
  readonly attachFiles: (files: readonly File[]) => Promise<void>
  /** Stores a long paste as "pasted text.txt", attached to the next message. */
  readonly attachPastedText: (text: string) => Promise<void>
  readonly removeDraftAttachment: (id: string) => void
  readonly clearDraftAttachments: () => void
  readonly loadAttachmentThumbnail: (id: string) => Promise<void>
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(new Error(`${file.name} could not be read; try attaching it again`))
    reader.readAsDataURL(file)
  })
}

function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}

export function createAttachmentsSlice(api: ApiClient): SliceCreator<AttachmentsSlice> {
  return (set, get) => {
    /** Stores one file through the core; its refusal (type, size, pixels, pages) becomes the error line. */
    const attachOne = async (file: File, pastedChars?: number): Promise<string | null> => {
      const refusal = refuseFile({ name: file.name, mediaType: file.type, bytes: file.size })
      if (refusal) return refusal
      try {
        const dataUrl = await readAsDataUrl(file)
        const stored = await api.call('attachments.add', {
          name: file.name || 'pasted image',
          mediaType: file.type,
          dataBase64: dataUrl.slice(dataUrl.indexOf(',') + 1)
        })
        const draft: DraftAttachment = {
          ...stored,
          previewUrl: file.type.startsWith('image/') ? dataUrl : null,
          ...(pastedChars === undefined ? {} : { pastedChars })
        }
        set((s) => ({
          draftAttachments: s.draftAttachments.some((a) => a.id === draft.id)
            ? s.draftAttachments
            : [...s.draftAttachments, draft]
        }))
        return null
      } catch (error) {
        return errorMessage(error)
      }
    }
    return {
      draftAttachments: [],
      attachError: null,
      attachmentThumbnails: {},
      async attachFiles(files) {
        const room = ATTACHMENT_LIMITS.perMessage - get().draftAttachments.length
        const errors: string[] =
          files.length > room
            ? [
                `One message can carry at most ${ATTACHMENT_LIMITS.perMessage} attachments; send the rest in another message`
              ]
            : []
        for (const file of files.slice(0, Math.max(0, room))) {
          const error = await attachOne(file)
          if (error) errors.push(error)
        }
        // One line per refused file, each a full sentence, so a batch of refusals stays readable.
        set({ attachError: errors.length > 0 ? errors.map(asSentence).join('\n') : null })
      },
      async attachPastedText(text) {
        if (get().draftAttachments.length >= ATTACHMENT_LIMITS.perMessage) {
          set({
            attachError: `One message can carry at most ${ATTACHMENT_LIMITS.perMessage} attachments; the paste was not added`
          })
          return
        }
        const file = new File([text], 'pasted text.txt', { type: TEXT_MEDIA_TYPE })
        const error = await attachOne(file, text.length)
        set({ attachError: error === null ? null : `The paste was not attached: ${asSentence(error)}` })
      },
      removeDraftAttachment(id) {
        set((s) => ({ draftAttachments: s.draftAttachments.filter((a) => a.id !== id), attachError: null }))
      },
      clearDraftAttachments() {
        set({ draftAttachments: [], attachError: null })
      },
      async loadAttachmentThumbnail(id) {
        if (id in get().attachmentThumbnails) return
        set((s) => ({ attachmentThumbnails: { ...s.attachmentThumbnails, [id]: null } }))
        try {
          const { dataUrl } = await api.call('attachments.thumbnail', { id })
          set((s) => ({ attachmentThumbnails: { ...s.attachmentThumbnails, [id]: dataUrl } }))
        } catch {
          // No preview: the chip still names the file.
        }
      }
    }
  }
}
