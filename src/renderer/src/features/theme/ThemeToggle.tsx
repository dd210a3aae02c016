import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectThemePreference, type ThemePreference } from './themeSlice'

const CHOICES: readonly { readonly value: ThemePreference; readonly label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' }
]

/** System / Light / Dark, in the sidebar footer; the choice is kept on this device. */
export function ThemeToggle(): ReactNode {
  const preference = useAppStore(selectThemePreference)
  const setPreference = useAppStore((state) => state.chooseTheme)
  return (
    <div className="theme-toggle" role="radiogroup" aria-label="Theme">
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={preference === choice.value}
          className="theme-toggle__option"
          onClick={() => void setPreference(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  )
}
