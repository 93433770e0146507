import type { MenuItemConstructorOptions } from 'electron'

export interface MenuActions {
  importFiles(): void
  importFolder(): void
  /** Writes the `quire` launcher into a bin folder (quire-command.ts) and says where. */
  installQuireCommand(): void
}

/**
 * The native menu with the usual shortcuts (platform roles do the work: copy/paste, zoom, close,
 * quit). Dev tools only in development builds.
 */
export function buildMenuTemplate(
  platform: NodeJS.Platform,
  actions: MenuActions,
  dev: boolean,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []
  if (mac) template.push({ role: 'appMenu' })
  template.push(
    {
      label: '&File',
      submenu: [
        { label: 'Import Documents…', accelerator: 'CmdOrCtrl+O', click: () => actions.importFiles() },
        { label: 'Import Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.importFolder() },
        { type: 'separator' },
        { label: 'Install the quire Command', click: () => actions.installQuireCommand() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        { role: 'reload' },
        ...(dev ? [{ role: 'toggleDevTools' } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  )
  return template
}
