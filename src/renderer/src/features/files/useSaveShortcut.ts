import { useEffect } from 'react'

/**
 * Ctrl/Cmd+S anywhere on the Files screen saves the open file instead of opening the browser's
 * "Save page" dialog. Inside Monaco the editor's own command handles it first and stops the event.
 */
export function useSaveShortcut(save: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault()
        save()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [save])
}
