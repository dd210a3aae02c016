import { existsSync, readFileSync, statSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2'
}

/** The same CSP the Electron shell sends; Monaco works under it (workers from 'self'/blob:). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; " +
  "font-src 'self' data:; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

/** Serves files from `root` only; `..` and absolute tricks resolve outside and get a 404. */
export function serveStatic(root: string, urlPath: string, res: ServerResponse): void {
  const clean = decodeURIComponent(urlPath.split('?')[0] ?? '/')
  const relative = clean === '/' ? 'index.html' : clean.replace(/^\/+/, '')
  const file = resolve(root, normalize(relative))
  if (!(file === root || file.startsWith(root.endsWith(sep) ? root : root + sep)) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    return
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  res.writeHead(200, {
    'content-type': type,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store'
  })
  res.end(readFileSync(file))
}

export function rendererDirFrom(candidates: readonly string[]): string | undefined {
  return candidates.map((c) => resolve(c)).find((dir) => existsSync(join(dir, 'index.html')))
}
