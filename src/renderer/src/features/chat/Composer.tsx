import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { isSubmitEnter } from '../../lib/keyboard'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { AttachmentTray, ATTACHMENT_ACCEPT } from '../attachments'
import '../attachments/attachments.css'
import { MESSAGE_MAX_CHARS } from '../../../../shared/contract/constants'
import { draftKey, selectChatDraft } from './chatDraftSlice'
import { MessageLength } from './MessageLength'
import { useComposerFocus } from './useComposerFocus'
import { useEscapeToStop } from './useEscapeToStop'
import { useFileDrop } from './useFileDrop'

/**
 * The message box: Enter sends (not the Enter that confirms an IME composition), Shift+Enter adds a line; it grows with its text up to ~40% of the
 * window. Images, PDFs and text files come in by paste, drop or the Attach button; a very long text paste
 * becomes a text file, and a long message shows its length against the limit before Send is pressed. Stop (or Esc) replaces Send
 * while a reply streams.
 */
export function Composer(): ReactNode {
  const text = useAppStore(selectChatDraft)
  const setText = useAppStore((state) => state.setChatDraft)
  const loadDraft = useAppStore((state) => state.loadChatDraft)
  const slot = useAppStore(draftKey)
  const online = useAppStore((state) => state.connection === 'connected')
  const send = useAppStore((state) => state.sendChat)
  const stop = useAppStore((state) => state.stopChat)
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const error = useAppStore((state) => state.chatTurnError)
  const pendingModel = useAppStore((state) => state.chatPendingModel)
  const notice = useAppStore((state) => state.chatNotice)
  const attach = useAppStore((state) => state.attachFiles)
  const attachText = useAppStore((state) => state.attachPastedText)
  const picker = useRef<HTMLInputElement>(null)
  const input = useComposerFocus<HTMLTextAreaElement>()
  const drop = useFileDrop(attach, attachText)
  const tooLong = text.trim().length > MESSAGE_MAX_CHARS
  useEscapeToStop(busy, stop)
  useEffect(() => loadDraft(), [loadDraft, slot])
  const submit = (event?: FormEvent): void => {
    event?.preventDefault()
    const message = text.trim()
    // Offline the message stays in the box (and on this device) until Hearth answers again.
    if (message === '' || busy || !online || tooLong) return
    setText('')
    void send(message).then((result) => {
      if (!result.ok) setText(message)
    })
  }
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (isSubmitEnter(event)) submit(event)
  }
  return (
    <form
      className={`chat-composer${drop.dragging ? ' chat-composer--dragging' : ''}`}
      onSubmit={submit}
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
    >
      {error !== null && (
        <Banner tone="danger" title="The message was not sent" data-testid="chat-error">
          {error}
        </Banner>
      )}
      {pendingModel !== null && (
        <div className="muted">The next message switches this session to {pendingModel}.</div>
      )}
      {!online && (
        <div className="chat-composer__offline" role="status" data-testid="chat-offline">
          Hearth is not reachable right now. Your message stays here; send it once the connection is back.
        </div>
      )}
      {notice !== null && (
        <div className="muted" role="status" data-testid="chat-notice">
          {notice}
        </div>
      )}
      <AttachmentTray />
      <MessageLength
        length={text.trim().length}
        onAttach={() => {
          setText('')
          void attachText(text)
        }}
      />
      <div className="chat-composer__row">
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={ATTACHMENT_ACCEPT}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            event.target.value = ''
            void attach(files)
          }}
          data-testid="attach-input"
        />
        <Button
          variant="ghost"
          title="Attach images, PDFs or text files (or paste or drop them here)"
          onClick={() => picker.current?.click()}
          data-testid="attach-button"
        >
          Attach
        </Button>
        <textarea
          ref={input}
          className="chat-composer__input"
          aria-label="Message"
          placeholder="Write a message…"
          value={text}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKey}
          onPaste={drop.onPaste}
          data-testid="chat-input"
        />
        {busy ? (
          <Button
            variant="danger"
            onClick={() => void stop()}
            title="Stop the reply (Esc); the part that arrived is kept"
            data-testid="chat-stop"
          >
            Stop
          </Button>
        ) : (
          <Button
            variant="primary"
            type="submit"
            disabled={text.trim() === '' || !online || tooLong}
            title={
              online
                ? tooLong
                  ? 'The message is over the length limit; shorten it or attach it as a text file'
                  : undefined
                : 'Hearth is not reachable; the message waits here'
            }
            data-testid="chat-send"
          >
            Send
          </Button>
        )}
      </div>
    </form>
  )
}
