import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TokenState } from '../shared/contract/webHostProtocol'
import type { RequestTarget } from './requestTarget'
import { tokensMatch } from './requestTarget'
import { SECURITY_HEADERS } from './securityHeaders'

/**
 * The per-run token travels in the address `hearth serve` prints only once: the first load
 * trades it for an HttpOnly, SameSite=Strict cookie and redirects to the same page without it,
 * so it never sits in the address bar, the history, a bookmark or a screenshot. Cookies ignore
 * ports, so the name carries the port: two hosts on one machine never overwrite each other.
 */
export function tokenCookieName(port: number): string {
  return `hearth-token-${port}`
}

/** The value of our cookie in the request, if any; a malformed Cookie header is just "none". */
export function readTokenCookie(req: IncomingMessage, port: number): string | undefined {
  const name = tokenCookieName(port)
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

export function cookieTokenState(req: IncomingMessage, port: number, token: string): TokenState {
  const presented = readTokenCookie(req, port)
  if (presented === undefined) return 'missing'
  return tokensMatch(presented, token) ? 'valid' : 'stale'
}

/**
 * A valid `?token=` is exchanged: 303 to the app without it, setting the cookie (always to `/`,
 * never to the requested path, so no crafted path can make this an open redirect). A wrong
 * one is left alone (returns false) so the page can say the address is out of date; it is never
 * stored, so a link from elsewhere cannot replace a good cookie with a bad one.
 */
export function exchangeToken(
  res: ServerResponse,
  target: RequestTarget,
  port: number,
  token: string
): boolean {
  if (!tokensMatch(target.query.get('token') ?? '', token)) return false
  const rest = new URLSearchParams(target.query)
  rest.delete('token')
  const query = rest.toString()
  res.writeHead(303, {
    ...SECURITY_HEADERS,
    location: query === '' ? '/' : `/?${query}`,
    'set-cookie': `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`,
    'content-type': 'text/plain; charset=utf-8'
  })
  res.end('Signed in; continuing without the token in the address.')
  return true
}
