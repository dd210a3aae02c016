import { existsSync, readFileSync, statSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { SECURITY_HEADERS, sendText } from './securityHeaders'

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

/** The file under `root` that a URL path names, or why there is none. */
export type StaticTarget = { readonly file: string } | { readonly status: 400 | 404 }

/**
 * Maps a request path to a file inside `root`. Malformed escapes and NUL bytes are a 400 (they
 * once threw out of the request handler and took the host down); `..` tricks resolve outside and
 * are a 404, as is anything that is not there.
 */
export function resolveStaticPath(root: string, pathname: string): StaticTarget {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return { status: 400 }
  }
  if (decoded.includes('\0')) return { status: 400 }
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^[/\\]+/, '')
  const file = resolve(root, normalize(relative))
  const inside = file.startsWith(root.endsWith(sep) ? root : root + sep)
  return inside ? { file } : { status: 404 }
}

/**
 * Serves one file from `root` with the security headers; never anything outside it. Read at once,
 * not through the thread pool: the page's code is a few small files on a local disk, and while
 * the host loads its core in slices, each of the several event-loop turns an asynchronous read
 * takes could wait behind a slice (the page's first files took a quarter of a second to arrive).
 */
export async function serveStatic(
  root: string,
  pathname: string,
  res: ServerResponse,
  headOnly: boolean
): Promise<void> {
  const target = resolveStaticPath(root, pathname)
  if ('status' in target) {
    sendText(res, target.status, target.status === 400 ? 'Bad request path' : 'Not found')
    return
  }
  let body: Buffer
  try {
    if (!statSync(target.file).isFile()) throw new Error('not a file')
    body = readFileSync(target.file)
  } catch {
    sendText(res, 404, 'Not found')
    return
  }
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': TYPES[extname(target.file)] ?? 'application/octet-stream',
    'content-length': body.length
  })
  res.end(headOnly ? undefined : body)
}

export function rendererDirFrom(candidates: readonly string[]): string | undefined {
  return candidates.map((c) => resolve(c)).find((dir) => existsSync(join(dir, 'index.html')))
}
