import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** The path and query of a request, parsed without anything that can throw. */
export interface RequestTarget {
  readonly pathname: string
  readonly query: URLSearchParams
}

/**
 * Splits an origin-form request target (`/path?query`). Anything else (`*`, absolute URLs, an
 * empty target) is undefined and answered with 400. `new URL()` is deliberately not used: it
 * throws on targets such as `//`, and a throw here once ended the whole host.
 */
export function parseRequestTarget(raw: string | undefined): RequestTarget | undefined {
  if (raw === undefined || !raw.startsWith('/')) return undefined
  const mark = raw.indexOf('?')
  const pathname = mark < 0 ? raw : raw.slice(0, mark)
  const query = new URLSearchParams(mark < 0 ? '' : raw.slice(mark + 1))
  return { pathname, query }
}

/** Our own Host header only: blocks DNS rebinding (a foreign name resolving to 127.0.0.1). */
export function isOwnHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

/**
 * The HTTP status to refuse a request's Host with, or undefined when it is ours: 400 for more
 * than one Host header (Node keeps the first and drops the rest, so a proxy and we could each
 * read a different one), 421 for a foreign name.
 */
export function hostRefusal(req: IncomingMessage, port: number): 400 | 421 | undefined {
  let count = 0
  for (let index = 0; index < req.rawHeaders.length; index += 2)
    if (req.rawHeaders[index]?.toLowerCase() === 'host') count++
  if (count !== 1) return 400
  return isOwnHost(req, port) ? undefined : 421
}

export function ownOrigins(port: number): readonly string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
export function tokensMatch(presented: string, token: string): boolean {
  const left = Buffer.from(presented)
  const right = Buffer.from(token)
  return left.length === right.length && timingSafeEqual(left, right)
}
