import { useEffect } from 'react'
import { selectDirtyCount } from '../features/files/fileSelectors'
import { useAppStore } from '../store/useAppStore'

/** Asks the browser to confirm leaving (closing the tab, reloading) while a file has unsaved edits. */
export function useLeaveWarning(): void {
  const dirtyCount = useAppStore(selectDirtyCount)
  useEffect(() => {
    if (dirtyCount === 0) return undefined
    const warn = (event: BeforeUnloadEvent): void => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirtyCount])
}
