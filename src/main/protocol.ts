import { protocol } from 'electron'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { CONTENT_SECURITY_POLICY } from '../shared/security/contentSecurityPolicy'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = 'app://hearth'

/**
 * True for URLs of our own renderer. Compared by scheme and host because WHATWG `origin` is the
 * string "null" for custom schemes outside Electron's registry (e.g. under Node in tests).
 */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return url.protocol === `${APP_SCHEME}:` && url.host === 'hearth'
  } catch {
    return false
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.json': 'application/json'
}

/** Must run before app 'ready': app:// is a standard, secure scheme so workers and fetch work. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }
  ])
}

/** Serves the renderer build from app://hearth/, never anything outside that folder, with our CSP. */
export function serveRenderer(rendererDir: string): void {
  const root = resolve(rendererDir)
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (url.host !== 'hearth') return new Response('Not found', { status: 404 })
    const relative =
      url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '')
    const file = resolve(root, normalize(relative))
    if (!file.startsWith(root + sep)) return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': CONTENT_SECURITY_POLICY
        }
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })
}

export function rendererEntry(): string {
  return `${APP_ORIGIN}/index.html`
}

export function rendererDir(): string {
  return join(__dirname, '../renderer')
}
