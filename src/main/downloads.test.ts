import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { WebContents } from 'electron'

vi.mock('electron', () => ({ protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() } }))

const { handleDownloads, placeDownload, safeFileName } = await import('./downloads')

const DOWNLOADS = join('/home', 'nora', 'Downloads')
const APP_PAGE = 'app://hearth/index.html'

/** A DownloadItem stand-in that records what the shell did with it. */
function fakeDownload(url: string, filename: string) {
  const item = {
    getURL: () => url,
    getFilename: () => filename,
    cancel: vi.fn(),
    setSaveDialogOptions: vi.fn(),
    setSavePath: vi.fn()
  }
  return item
}

function contentsAt(url: string): Pick<WebContents, 'getURL'> {
  return { getURL: () => url }
}

describe('chat export downloads in the desktop app', () => {
  it('asks where to save an export, starting in Downloads under the name the core suggested', () => {
    const item = fakeDownload('blob:app://hearth/6f1c2a', 'hearth-chat-garden-beds-2026-12-02.md')
    placeDownload(item as never, contentsAt(APP_PAGE), DOWNLOADS)
    expect(item.cancel).not.toHaveBeenCalled()
    expect(item.setSavePath).not.toHaveBeenCalled()
    expect(item.setSaveDialogOptions).toHaveBeenCalledWith({
      title: 'Export chat',
      defaultPath: join(DOWNLOADS, 'hearth-chat-garden-beds-2026-12-02.md'),
      filters: [
        { name: 'Markdown', extensions: ['md'] },
        { name: 'All files', extensions: ['*'] }
      ]
    })
  })

  it('offers the JSON filter for a JSON export', () => {
    const item = fakeDownload('blob:app://hearth/6f1c2b', 'hearth-chat-garden-beds-2026-12-02.json')
    placeDownload(item as never, contentsAt(APP_PAGE), DOWNLOADS)
    const [options] = item.setSaveDialogOptions.mock.calls[0] as [{ filters: { name: string }[] }]
    expect(options.filters[0]).toEqual({ name: 'JSON', extensions: ['json'] })
  })

  it('keeps a suggested name inside Downloads whatever path it claims', () => {
    for (const [suggested, expected] of [
      ['../../.ssh/authorized_keys', 'authorized_keys'],
      ['..\\..\\Startup\\run.md', 'run.md'],
      ['/etc/passwd', 'passwd'],
      ['a<b>:c|d?e*"f.md', 'abcdef.md'],
      ['..', 'hearth-export.txt'],
      ['', 'hearth-export.txt'],
      ['line\nbreak.md', 'linebreak.md']
    ] as const) {
      expect(safeFileName(suggested), suggested).toBe(expected)
      const item = fakeDownload('blob:app://hearth/1', suggested)
      placeDownload(item as never, contentsAt(APP_PAGE), DOWNLOADS)
      const [options] = item.setSaveDialogOptions.mock.calls[0] as [{ defaultPath: string }]
      expect(options.defaultPath).toBe(join(DOWNLOADS, expected))
    }
  })

  it('cancels downloads that are not the app page exporting its own blob', () => {
    for (const [url, page] of [
      ['https://evil.example/payload.md', APP_PAGE],
      ['blob:https://evil.example/1', APP_PAGE],
      ['blob:app://other/1', APP_PAGE],
      ['blob:app://hearth/1', 'https://evil.example/'],
      ['file:///etc/passwd', APP_PAGE]
    ] as const) {
      const item = fakeDownload(url, 'x.md')
      placeDownload(item as never, contentsAt(page), DOWNLOADS)
      expect(item.cancel, `${url} from ${page}`).toHaveBeenCalled()
      expect(item.setSaveDialogOptions).not.toHaveBeenCalled()
    }
  })

  it('listens for downloads on the session it is given', () => {
    const on = vi.fn()
    handleDownloads({ on }, DOWNLOADS)
    expect(on).toHaveBeenCalledWith('will-download', expect.any(Function))
    const listener = on.mock.calls[0]?.[1] as (event: unknown, item: unknown, contents: unknown) => void
    const item = fakeDownload('blob:app://hearth/2', 'hearth-chat-x-2026-12-02.md')
    listener({}, item, contentsAt(APP_PAGE))
    expect(item.setSaveDialogOptions).toHaveBeenCalledOnce()
  })
})
