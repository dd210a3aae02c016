import type { DownloadItem, FileFilter, Session, WebContents } from 'electron'
import { join } from 'node:path'
import { APP_ORIGIN, isAppUrl } from './protocol'

/** The name used when the page suggests none that is safe (an empty name, `..`, only reserved characters). */
const FALLBACK_NAME = 'hearth-export.txt'

const FILTERS: Readonly<Record<string, FileFilter>> = {
  md: { name: 'Markdown', extensions: ['md'] },
  json: { name: 'JSON', extensions: ['json'] }
}

/**
 * Chat exports leave the renderer as a download of a blob the page made (`<a download>`). The
 * shell asks where to save each one, starting in the user's Downloads folder under the name the
 * core suggested. Any other download is cancelled: the app's own page exporting a chat is the
 * only one Hearth expects.
 */
export function handleDownloads(session: Pick<Session, 'on'>, downloadsDir: string): void {
  session.on('will-download', (_event, item, contents) => placeDownload(item, contents, downloadsDir))
}

/** Cancels a download that is not a chat export, or sets where its save dialog starts. */
export function placeDownload(
  item: DownloadItem,
  contents: Pick<WebContents, 'getURL'>,
  downloadsDir: string
): void {
  if (!isExportDownload(item.getURL(), contents.getURL())) {
    item.cancel()
    return
  }
  const name = safeFileName(item.getFilename())
  const filter = FILTERS[name.slice(name.lastIndexOf('.') + 1).toLowerCase()]
  item.setSaveDialogOptions({
    title: 'Export chat',
    defaultPath: join(downloadsDir, name),
    filters: filter ? [filter, { name: 'All files', extensions: ['*'] }] : []
  })
}

/** A blob the app's own page created, downloaded from that page. */
function isExportDownload(url: string, pageUrl: string): boolean {
  return url.startsWith(`blob:${APP_ORIGIN}/`) && isAppUrl(pageUrl)
}

/**
 * The suggested name as one plain file name: its last path part (either separator), without
 * characters Windows or macOS refuse, never `.` or `..`.
 */
export function safeFileName(suggested: string): string {
  const last = suggested.split(/[\\/]/).pop() ?? ''
  // Control characters are removed along with the reserved ones.
  const cleaned = last.replace(/[\u0000-\u001f<>:"|?*]/g, '').trim()
  return cleaned === '' || /^\.+$/.test(cleaned) ? FALLBACK_NAME : cleaned
}
