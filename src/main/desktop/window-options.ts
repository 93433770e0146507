import type { Bounds } from './window-state.js'

/**
 * The BrowserWindow options, hardened per Electron's security checklist: context isolation,
 * the renderer sandbox, no Node in the page, web security on, no webview tags, no remote
 * content in new windows (window.open is denied separately).
 */
export function mainWindowOptions(bounds: Bounds, preloadPath: string) {
  return {
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Quire',
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  } as const
}
