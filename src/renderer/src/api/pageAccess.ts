import { TOKEN_STATUS_PATH, type TokenState } from '../../../shared/contract/webHostProtocol'

/** The parts of `window` the access check uses (so tests can pass their own). */
export interface PageEnvironment {
  readonly location: Pick<Location, 'pathname' | 'search' | 'hash'>
  readonly history: Pick<History, 'replaceState' | 'state'>
  readonly fetch: (path: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'json'>>
}

/**
 * Whether this page may talk to `hearth serve`. The host trades a valid `?token=` for a cookie
 * and redirects before the page ever runs, so a token still in the address was not accepted: it
 * is from an earlier run. It is taken out of the address bar either way. When the host cannot be
 * asked (it went away while the page loaded) the answer is `valid`, and the reconnecting
 * transport finds out the rest.
 */
export async function checkPageAccess(page: PageEnvironment): Promise<TokenState> {
  const query = new URLSearchParams(page.location.search)
  const hadToken = query.has('token')
  if (hadToken) {
    query.delete('token')
    const rest = query.toString()
    page.history.replaceState(
      page.history.state,
      '',
      `${page.location.pathname}${rest === '' ? '' : `?${rest}`}${page.location.hash}`
    )
  }
  const cookie = await askHost(page)
  if (cookie === 'valid' || cookie === undefined) return 'valid'
  return hadToken ? 'stale' : cookie
}

async function askHost(page: PageEnvironment): Promise<TokenState | undefined> {
  try {
    const response = await page.fetch(TOKEN_STATUS_PATH, { cache: 'no-store', credentials: 'same-origin' })
    if (!response.ok) return undefined
    const body = (await response.json()) as { token?: unknown }
    return body.token === 'valid' || body.token === 'missing' || body.token === 'stale'
      ? body.token
      : undefined
  } catch {
    return undefined
  }
}
