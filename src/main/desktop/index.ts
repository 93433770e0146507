// The Electron main process: a thin shell around the services. The only place (with the preload)
// that imports electron. Everything testable lives in the pure modules beside this file.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  shell as electronShell,
} from 'electron'
import { IPC_EVENT_CHANNEL, IPC_GRANT_PATH_CHANNEL, IPC_INVOKE_CHANNEL } from '@shared/ipc-contract.js'
import { DEFAULT_MODEL_NAME } from '../services/model-locations.js'
import { packageRoot } from '../services/package-root.js'
import { adoptLegacyLibrary } from '../services/legacy-library.js'
import { quireHome } from '../services/quire-home.js'
import workerPath from '../engine/worker/ingest-worker.ts?modulePath'
import parseWorkerPath from '../engine/worker/parse-worker.ts?modulePath'
import { createHandlers } from '../ipc/create-handlers.js'
import { createRouter } from '../ipc/router.js'
import type { ShellAdapter } from '../ipc/shell-adapter.js'
import { createAppServices, type AppServices } from '../services/create-app-services.js'
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME,
  PDF_SCHEME,
  PRIVILEGED_SCHEMES,
  pdfUrlFor,
} from './app-protocols.js'
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../services/content-security-policy.js'
import { GUARDED_NAVIGATION_EVENTS, navigationGuard, windowOpenHandler } from './external-links.js'
import { GrantedPaths, grantFromSender } from './granted-paths.js'
import { buildMenuTemplate } from './menu-template.js'
import { cliArgsOf, installQuireCommand } from './quire-command.js'
import { appProtocolHandler, pdfProtocolHandler } from './protocol-handlers.js'
import { isAllowedRequest } from './request-policy.js'
import { isTrustedSender } from './sender-check.js'
import { mainWindowOptions } from './window-options.js'
import { loadWindowState, saveWindowState } from './window-state.js'
import { IMPORTABLE_EXTENSIONS } from '@shared/importable-files.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const allowedOrigins = devUrl ? [APP_ORIGIN, new URL(devUrl).origin] : [APP_ORIGIN]
const contentSecurityPolicy = devUrl
  ? devContentSecurityPolicy(CONTENT_SECURITY_POLICY)
  : CONTENT_SECURITY_POLICY

// Must run before the app is ready.
protocol.registerSchemesAsPrivileged(PRIVILEGED_SCHEMES)

let mainWindow: BrowserWindow | null = null
/** Paths the user chose in our dialogs or dropped on the window: the only ones import accepts. */
const grantedPaths = new GrantedPaths()

function resourcesDir(): string {
  return app.isPackaged ? process.resourcesPath : path.join(packageRoot(), 'resources')
}

// The library lives in the one data folder the CLI and browser mode use too (Chromium's own
// caches stay in Electron's userData). A library an earlier build kept in userData is moved
// there on first start (see adoptLegacyLibrary), never left behind.
let resolvedDataDir: string | null = null
function dataDir(): string {
  resolvedDataDir ??= process.env.QUIRE_HOME
    ? quireHome()
    : adoptLegacyLibrary(quireHome(), app.getPath('userData'))
  return resolvedDataDir
}

async function pickPaths(folders: boolean): Promise<string[]> {
  const opts: Electron.OpenDialogOptions = {
    title: folders ? 'Import a folder of documents' : 'Import documents',
    properties: folders ? ['openDirectory', 'multiSelections'] : ['openFile', 'multiSelections'],
    filters: folders ? [] : [{ name: 'Documents', extensions: [...IMPORTABLE_EXTENSIONS] }],
  }
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, opts)
    : await dialog.showOpenDialog(opts)
  if (result.canceled) return []
  grantedPaths.grant(result.filePaths)
  return result.filePaths
}

function hardenSession(): void {
  const ses = session.defaultSession
  // Every permission (camera, notifications, clipboard read, …) is refused: the app needs none.
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
  ses.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedRequest(details.url, allowedOrigins) }),
  )
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy] },
    })
  })
}

function createWindow(services: AppServices): BrowserWindow {
  const dir = dataDir()
  const state = loadWindowState(
    dir,
    screen.getAllDisplays().map((d) => d.workArea),
  )
  const win = new BrowserWindow(mainWindowOptions(state.bounds, path.join(here, '../preload/index.cjs')))
  if (state.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())

  win.webContents.setWindowOpenHandler(
    windowOpenHandler({
      openExternal: (url) => void electronShell.openExternal(url),
      confirmOpen: async (url) => {
        const { response } = await dialog.showMessageBox(win, {
          type: 'question',
          buttons: ['Open in browser', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          message: 'Open this address in your web browser?',
          detail: `${url}\n\nIt leaves Quire; the link came from an answer, not from Quire.`,
        })
        return response === 0
      },
    }),
  )
  const guard = navigationGuard(allowedOrigins)
  for (const name of GUARDED_NAVIGATION_EVENTS) {
    win.webContents.on(name as 'will-navigate', (event, url) => guard(event, url))
  }
  win.webContents.on('will-attach-webview', (event) => event.preventDefault())

  const save = () => {
    if (win.isDestroyed()) return
    saveWindowState(dir, { bounds: win.getNormalBounds(), maximized: win.isMaximized() })
  }
  win.on('close', save)

  const unsubscribe = services.events.subscribe((event, payload) => {
    if (!win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, event, payload)
  })
  win.on('closed', () => {
    unsubscribe()
    if (mainWindow === win) mainWindow = null
  })

  void win.loadURL(devUrl ?? APP_ENTRY_URL)
  return win
}

/**
 * Started by the `quire` launcher (quire-command.ts): runs the CLI in this process and ends with its
 * exit code. No window and no single-instance lock: a command may run while the app is open, as
 * two CLI commands may (the library's own locks keep them apart).
 */
async function runQuireCommand(args: string[]): Promise<void> {
  app.dock?.hide()
  const [{ main: runCli }, { stopQuietlyOnClosedPipe }] = await Promise.all([
    import('../cli/main.js'),
    import('../cli/output.js'),
  ])
  stopQuietlyOnClosedPipe()
  const code = await runCli(args, undefined, { workerUrl: workerPath, parseWorkerUrl: parseWorkerPath })
  // Everything written reaches the terminal before the process ends.
  await new Promise((done) => process.stdout.write('', done))
  app.exit(code)
}

/** The menu's "Install the quire command": writes the launcher, then says where or why not. */
function offerQuireCommand(): void {
  // The launcher starts this binary; unpackaged (development) Electron also needs the app folder.
  const command = app.isPackaged ? [process.execPath] : [process.execPath, app.getAppPath()]
  try {
    const done = installQuireCommand({ platform: process.platform, command })
    void dialog.showMessageBox({
      type: 'info',
      message: 'The quire command is installed',
      detail: done.message,
    })
  } catch (err) {
    dialog.showErrorBox(
      'The quire command could not be installed',
      err instanceof Error ? err.message : String(err),
    )
  }
}

async function main(): Promise<void> {
  const cliArgs = cliArgsOf(process.argv)
  if (cliArgs) return runQuireCommand(cliArgs)
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  await app.whenReady()
  hardenSession()

  const userData = dataDir()
  const services = await createAppServices({
    libraryDir: path.join(userData, 'library'),
    dataDir: userData,
    models: {
      bundledDir: path.join(resourcesDir(), 'models', DEFAULT_MODEL_NAME),
      userRoot: path.join(userData, 'models'),
    },
    workerUrl: workerPath,
    parseWorkerUrl: parseWorkerPath,
    version: app.getVersion(),
  })

  const desktopShell: ShellAdapter = {
    shell: 'desktop',
    pickFiles: ({ folders }) => pickPaths(folders),
    authorizePaths: (paths) => grantedPaths.check(paths),
    pdfUrl: pdfUrlFor,
    showInFolder: (file) => electronShell.showItemInFolder(file),
  }
  ipcMain.on(IPC_GRANT_PATH_CHANNEL, (event, p: unknown) => {
    event.returnValue = grantFromSender(grantedPaths, isTrustedSender(event.senderFrame, allowedOrigins), p)
  })
  const invoke = createRouter(createHandlers(services, desktopShell))
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, route: unknown, input: unknown) => {
    if (!isTrustedSender(event.senderFrame, allowedOrigins)) {
      return { ok: false, error: { code: 'FORBIDDEN', message: 'Request from an untrusted frame.' } }
    }
    return invoke(typeof route === 'string' ? route : '', input)
  })

  protocol.handle(APP_SCHEME, appProtocolHandler(path.join(here, '../renderer')))
  protocol.handle(
    PDF_SCHEME,
    pdfProtocolHandler((id) => services.library.pdfBytes(id)),
  )

  const importPicked = async (folders: boolean) => {
    const paths = await pickPaths(folders)
    if (paths.length) services.imports.enqueue(paths)
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        process.platform,
        {
          importFiles: () => void importPicked(false),
          importFolder: () => void importPicked(true),
          installQuireCommand: offerQuireCommand,
        },
        !app.isPackaged,
      ),
    ),
  )

  mainWindow = createWindow(services)
  app.on('second-instance', () => {
    if (!mainWindow) mainWindow = createWindow(services)
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('activate', () => {
    if (!mainWindow) mainWindow = createWindow(services)
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  let closing = false
  app.on('before-quit', (event) => {
    if (closing) return
    // Let imports stop and the vector index save before the process ends.
    event.preventDefault()
    closing = true
    void services.close().finally(() => app.exit(0))
  })
}

// Any web contents created later (devtools aside) gets the same navigation and window rules.
app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  const guard = navigationGuard(allowedOrigins)
  for (const name of GUARDED_NAVIGATION_EVENTS) {
    contents.on(name as 'will-navigate', (event, url) => guard(event, url))
  }
})

main().catch((err: unknown) => {
  console.error('[quire] failed to start', err)
  dialog.showErrorBox('Quire could not start', err instanceof Error ? err.message : String(err))
  app.exit(1)
})
