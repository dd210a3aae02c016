import { useEffect, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { selectChatsBehind, type ChatsBehind } from './chatsBehindSlice'
import { chatName, chatNames, rebuildCostText } from './chatsBehindText'

/**
 * After a save: which open chats keep the prompt they started with (the change applies to the
 * next session), and "Rebuild now" with what it costs. Checked again for every saved version.
 */
export function ChatsBehindNotice({
  fileKey,
  hash
}: Readonly<{ fileKey: string; hash: string | undefined }>): ReactNode {
  const entry = useAppStore(selectChatsBehind(fileKey))
  const check = useAppStore((state) => state.checkChatsBehind)
  const dismiss = useAppStore((state) => state.dismissChatsBehind)
  useEffect(() => {
    if (hash !== undefined) void check(fileKey)
  }, [check, fileKey, hash])
  if (entry === undefined || entry.hash !== hash || entry.dismissed) return null
  const close = (
    <Button size="small" variant="ghost" onClick={() => dismiss(fileKey)}>
      {entry.chats.length > 0 ? 'Not now' : 'Dismiss'}
    </Button>
  )
  if (entry.chats.length > 0) return <BehindBanner fileKey={fileKey} entry={entry} close={close} />
  if (entry.rebuilt > 0)
    return (
      <Banner
        tone="success"
        title={
          entry.rebuilt === 1
            ? 'The open chat uses this change now'
            : `${entry.rebuilt} open chats use this change now`
        }
        actions={close}
        data-testid="chats-behind-rebuilt"
      >
        The prompt was rebuilt from the saved file; the next message writes it to the cache again.
      </Banner>
    )
  if (entry.error !== null)
    return (
      <Banner
        tone="warning"
        title="Open chats could not be checked"
        actions={close}
        data-testid="chats-behind-error"
      >
        The file is saved, but Hearth could not tell which open chats still use the previous version:{' '}
        {entry.error}
      </Banner>
    )
  return null
}

function BehindBanner({
  fileKey,
  entry,
  close
}: Readonly<{ fileKey: string; entry: ChatsBehind; close: ReactNode }>): ReactNode {
  const rebuild = useAppStore((state) => state.rebuildChatsBehind)
  const ready = entry.chats.filter((chat) => !chat.answering)
  const answering = entry.chats.filter((chat) => chat.answering)
  const one = entry.chats.length === 1
  return (
    <Banner
      tone="info"
      title="This change applies to the next session"
      data-testid="chats-behind"
      actions={
        <>
          <Button
            size="small"
            variant="primary"
            disabled={entry.rebuilding || ready.length === 0}
            onClick={() => void rebuild(fileKey)}
          >
            {entry.rebuilding ? 'Rebuilding…' : 'Rebuild now'}
          </Button>
          {close}
        </>
      }
    >
      <p className="chats-behind__line">
        {one ? 'The open chat ' : `${entry.chats.length} open chats, `}
        {chatNames(entry.chats)}
        {one ? ' keeps the prompt it started with.' : ', keep the prompt they started with.'}
      </p>
      {ready.length > 0 && (
        <p className="chats-behind__line" data-testid="chats-behind-cost">
          {rebuildCostText(ready)}
        </p>
      )}
      {answering.map((chat) => (
        <p key={chat.id} className="chats-behind__line muted">
          {chatName(chat)} is answering right now; rebuild it once the reply is done.
        </p>
      ))}
      {entry.error !== null && <p className="chats-behind__line chat-error-text">{entry.error}</p>}
    </Banner>
  )
}
