import type { ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { CONTENT_SECURITY_POLICY } from '../shared/security/contentSecurityPolicy'

/**
 * Sent with every response the web host writes, errors and refusals included: a 404 page is as
 * frameable and sniffable as the app itself. CORP keeps other sites from even embedding our files
 * with <img>/<script>; no-referrer keeps the address (and anything in it) out of Referer headers.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store'
}

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  421: 'Misdirected Request',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable'
}

/** A short plain-text answer with the security headers (for errors and refusals). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  extra: Readonly<Record<string, string>> = {}
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...extra })
  res.end(text)
}

/**
 * Answers on a raw socket that never became an HTTP response object (a refused WebSocket upgrade,
 * an unparsable request), then closes it. Safe to call on a socket that is already gone.
 */
export function refuseSocket(socket: Duplex, status: number, text = REASONS[status] ?? 'Refused'): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const headers = Object.entries({ ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  const body = Buffer.from(text)
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Refused'}\r\n${headers}content-length: ${body.length}\r\nconnection: close\r\n\r\n${text}`
  )
}
