import { useContext } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { StoreContext } from './StoreProvider'
import type { AppState } from './types'

/**
 * Reads the store through a selector; the component re-renders only when the selected value
 * changes. Selectors that build a new array or object must be wrapped in `useShallow`.
 */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useStoreApi(), selector)
}

/** The raw store, for the few places that need `getState()` in an event handler. */
export function useStoreApi(): StoreApi<AppState> {
  const store = useContext(StoreContext)
  if (store === null) throw new Error('useAppStore must be used inside <StoreProvider>')
  return store
}
