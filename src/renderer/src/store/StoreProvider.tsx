import { createContext, type ReactNode } from 'react'
import type { StoreApi } from 'zustand/vanilla'
import type { AppState } from './types'

export const StoreContext = createContext<StoreApi<AppState> | null>(null)

/** Serves the one app store to React; the store itself is made outside React by `createAppStore`. */
export function StoreProvider({
  store,
  children
}: Readonly<{ store: StoreApi<AppState>; children: ReactNode }>): ReactNode {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}
