import { errorMessage } from '../../api/rpcError'

/**
 * Handles a failed reload of the open chat after something already stored (a reply, a retry, an
 * ended session): the stored work is safe, so the user only needs to know the view may be behind.
 */
export function sayChatIsStale(set: (patch: { chatError: string }) => void): (error: unknown) => void {
  return (error) =>
    set({
      chatError: `This chat could not be reloaded (${errorMessage(error)}). Nothing is lost: open the chat again to see its latest messages.`
    })
}
