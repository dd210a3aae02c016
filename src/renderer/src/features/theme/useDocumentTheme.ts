import { useEffect } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectResolvedTheme } from './themeSlice'

/**
 * Puts the resolved theme on <html data-theme> (theme.css switches its variables on it) and
 * follows the system's colour scheme as it changes, e.g. at sunset.
 */
export function useDocumentTheme(): void {
  const theme = useAppStore(selectResolvedTheme)
  const setSystemTheme = useAppStore((state) => state.setSystemTheme)
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme
    document.documentElement.style.colorScheme = theme
  }, [theme])
  useEffect(() => {
    if (typeof globalThis.matchMedia !== 'function') return
    const query = globalThis.matchMedia('(prefers-color-scheme: dark)')
    const follow = (): void => setSystemTheme(query.matches ? 'dark' : 'light')
    follow()
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [setSystemTheme])
}
