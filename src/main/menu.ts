import { Menu, type MenuItemConstructorOptions } from 'electron'

/**
 * The application menu of a packaged build: none on Windows and Linux (Chromium's own editing
 * shortcuts keep working without one), and on macOS only the app, Edit and Window menus, whose
 * roles carry copy and paste. Neither has View, so no Reload and no Toggle Developer Tools.
 */
export function packagedMenuTemplate(platform: NodeJS.Platform): MenuItemConstructorOptions[] | null {
  if (platform !== 'darwin') return null
  return [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }]
}

/** Development keeps Electron's default menu (with the developer tools); packaged builds do not. */
export function installApplicationMenu(packaged: boolean, platform: NodeJS.Platform): void {
  if (!packaged) return
  const template = packagedMenuTemplate(platform)
  Menu.setApplicationMenu(template === null ? null : Menu.buildFromTemplate(template))
}
