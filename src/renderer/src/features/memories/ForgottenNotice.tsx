import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import type { ForgottenItem } from './memoriesSlice'

function describe(item: ForgottenItem): string {
  if (item.kind === 'file') return `memories/${item.slug}.md`
  return `“${item.text.length > 80 ? `${item.text.slice(0, 80)}…` : item.text}”`
}

/** Right after a Forget: what went, and a Restore that brings it straight back. */
export function ForgottenNotice(): ReactNode {
  const { item, restore } = useAppStore(
    useShallow((s) => ({ item: s.memoriesLastForgotten, restore: s.restoreMemory }))
  )
  if (item === null) return null
  return (
    <Banner
      tone="info"
      title={`Forgotten: ${describe(item)}`}
      data-testid="memories-forgotten-notice"
      actions={
        <Button size="small" onClick={() => void restore(item)}>
          Restore
        </Button>
      }
    >
      {item.kind === 'entry'
        ? 'Removed from the file; new sessions no longer see it.'
        : 'It is no longer recalled. It stays under Forgotten below until you restore it.'}
    </Banner>
  )
}
