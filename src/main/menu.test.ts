import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({
  setApplicationMenu: vi.fn(),
  buildFromTemplate: vi.fn((template: unknown) => ({ template }))
}))
vi.mock('electron', () => ({
  Menu: { setApplicationMenu: electron.setApplicationMenu, buildFromTemplate: electron.buildFromTemplate }
}))

const { installApplicationMenu, packagedMenuTemplate } = await import('./menu')

describe('application menu', () => {
  beforeEach(() => {
    electron.setApplicationMenu.mockReset()
  })

  it.each(['linux', 'win32'] as const)('removes the menu of a packaged build on %s', (platform) => {
    installApplicationMenu(true, platform)
    expect(electron.setApplicationMenu).toHaveBeenCalledWith(null)
  })

  it('keeps only the app, Edit and Window menus of a packaged build on macOS: no View, no Reload, no developer tools', () => {
    installApplicationMenu(true, 'darwin')
    expect(electron.setApplicationMenu).toHaveBeenCalledWith({
      template: [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }]
    })
    const roles = (packagedMenuTemplate('darwin') ?? []).map((item) => item.role)
    for (const unwanted of ['viewMenu', 'toggleDevTools', 'reload', 'forceReload', 'fileMenu'])
      expect(roles).not.toContain(unwanted)
  })

  it('leaves the default menu, with its developer tools, to development runs', () => {
    installApplicationMenu(false, 'linux')
    expect(electron.setApplicationMenu).not.toHaveBeenCalled()
  })
})
