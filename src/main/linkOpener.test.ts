import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({
  openExternal: vi.fn(async (_href: string) => undefined),
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 1, checkboxChecked: false })),
  focused: null as object | null
}))
vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => electron.focused },
  dialog: { showMessageBox: electron.showMessageBox },
  shell: { openExternal: electron.openExternal }
}))

const { createLinkOpener } = await import('./linkOpener')

/** The options of the n-th message box (the last argument, whether or not a parent window was passed). */
function messageBox(n: number): { message: string; detail: string; buttons: string[]; type: string } {
  const args = electron.showMessageBox.mock.calls[n] ?? []
  return args[args.length - 1] as never
}

function answer(response: number): void {
  electron.showMessageBox.mockResolvedValueOnce({ response, checkboxChecked: false })
}

const opener = (): ReturnType<typeof createLinkOpener> =>
  createLinkOpener(mkdtempSync(join(tmpdir(), 'hearth-userdata-')))

describe('opening links in the browser (Electron)', () => {
  beforeEach(() => {
    electron.openExternal.mockClear()
    electron.showMessageBox.mockReset()
    electron.focused = null
  })

  it('asks before opening a new host, naming it, and opens it only after "Open in browser"', async () => {
    const open = opener()
    answer(1)
    expect(await open('https://docs.example/guide')).toBe('declined')
    expect(messageBox(0)).toMatchObject({
      type: 'question',
      message: 'Open a link to docs.example?',
      buttons: ['Open in browser', 'Cancel']
    })
    expect(messageBox(0).detail).toContain('https://docs.example/guide')
    expect(electron.openExternal).not.toHaveBeenCalled()

    electron.focused = { window: 1 }
    answer(0)
    expect(await open('https://docs.example/guide')).toBe('opened')
    expect(electron.showMessageBox.mock.calls[1]?.[0]).toEqual({ window: 1 })
    expect(electron.openExternal).toHaveBeenCalledWith('https://docs.example/guide')

    expect(await open('https://docs.example/other')).toBe('opened')
    expect(electron.showMessageBox).toHaveBeenCalledTimes(2)
  })

  it('never hands a link with a user name and password to the browser, and says why', async () => {
    const open = opener()
    answer(0)
    expect(await open('https://user:pass@docs.example/')).toBe('refused')
    expect(messageBox(0)).toMatchObject({
      type: 'info',
      message: 'Hearth did not open this link',
      detail: 'Reason: the link carries a user name or password.'
    })
    answer(0)
    expect(await open('http://docs.example/')).toBe('refused')
    expect(messageBox(1).detail).toContain('only https links')
    expect(electron.openExternal).not.toHaveBeenCalled()
  })

  it('shortens a very long link in the question but keeps the host whole', async () => {
    answer(1)
    await opener()(`https://docs.example/${'x'.repeat(5000)}`)
    expect(messageBox(0).message).toBe('Open a link to docs.example?')
    expect(messageBox(0).detail.length).toBeLessThan(500)
    expect(messageBox(0).detail.endsWith('…')).toBe(true)
  })

  it('reports a browser that fails to start as a link not opened, never as an error in the page', async () => {
    const open = opener()
    answer(0)
    electron.openExternal.mockRejectedValueOnce(new Error('no browser'))
    expect(await open('https://docs.example/')).toBe('failed')
  })
})
