import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { Transport } from '../../shared/contract'
import { createApiClient } from './api/client'
import { checkPageAccess } from './api/pageAccess'
import { rpcUrlFromLocation, webSocketTransport } from './api/webSocketTransport'
import { App } from './app/App'
import { preloadSections } from './app/sections'
import { connectEvents, loadInitialState } from './app/connectEvents'
import { watchPlace } from './features/place/placeSlice'
import { createAppStore } from './store/createAppStore'
import { StoreProvider } from './store/StoreProvider'
import './ui/theme.css'
import './ui/theme-dark.css'
import './ui/responsive.css'

/**
 * Electron gives us `window.bridge` (preload); `hearth serve` gives us an access cookie. The IPC
 * transport loads only in Electron: it checks the main process's reports with a zod schema, and
 * the browser's first screen does without zod.
 */
async function chooseTransport(): Promise<Transport> {
  if (window.bridge !== undefined) {
    const { ipcTransport } = await import('./api/ipcTransport')
    return ipcTransport(window.bridge)
  }
  return webSocketTransport({
    url: rpcUrlFromLocation(window.location),
    access: () => checkPageAccess(window)
  })
}

function start(transport: Transport): void {
  const api = createApiClient(transport)
  const store = createAppStore(api)
  connectEvents(api, store)
  watchPlace(api, store)
  // The other sections' code (and the replies' markdown renderer) loads once the first screen has
  // what it needs and the page is idle.
  void loadInitialState(store.getState()).finally(() => requestIdleCallback(() => preloadSections(store)))

  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>
  )
}

void chooseTransport().then(start)
