import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { QuireError } from '@shared/errors.js'
import type { FileRecord } from '../engine/store/library-store.js'
import { readServablePdf } from '../services/servable-pdf.js'
import {
  APP_ORIGIN,
  appAssetPathFromUrl,
  pdfDocumentIdFromUrl,
  pdfUrlFor,
  PRIVILEGED_SCHEMES,
} from './app-protocols.js'
import { CONTENT_SECURITY_POLICY } from '../services/content-security-policy.js'
import { buildMenuTemplate } from './menu-template.js'
import { appProtocolHandler, pdfProtocolHandler } from './protocol-handlers.js'
import { isAllowedNavigation, isAllowedRequest } from './request-policy.js'
import { isTrustedSender } from './sender-check.js'
import { mainWindowOptions } from './window-options.js'
import { loadWindowState, saveWindowState, WINDOW_STATE_FILE } from './window-state.js'

let tmp: string
beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-desktop-'))
})
afterEach(() => fs.rm(tmp, { recursive: true, force: true }))

describe('IPC sender check', () => {
  const origins = [APP_ORIGIN]
  it('accepts only the top frame of our own page', () => {
    expect(isTrustedSender({ url: 'quire-app://app/index.html' }, origins)).toBe(true)
    expect(isTrustedSender({ url: 'quire-app://app/index.html', parent: {} }, origins)).toBe(false)
    expect(isTrustedSender({ url: 'https://evil.example/' }, origins)).toBe(false)
    expect(isTrustedSender({ url: 'quire-app://other/index.html' }, origins)).toBe(false)
    expect(isTrustedSender({ url: 'file:///work/out/renderer/index.html' }, origins)).toBe(false)
    expect(isTrustedSender({ url: 'not a url' }, origins)).toBe(false)
    expect(isTrustedSender(null, origins)).toBe(false)
  })
  it('accepts the dev server only when it is configured', () => {
    expect(isTrustedSender({ url: 'http://localhost:5173/' }, origins)).toBe(false)
    expect(isTrustedSender({ url: 'http://localhost:5173/' }, [...origins, 'http://localhost:5173'])).toBe(
      true,
    )
  })
})

describe('custom protocols', () => {
  it('parses quire-pdf URLs into document ids and nothing else', () => {
    expect(pdfDocumentIdFromUrl(pdfUrlFor(12))).toBe(12)
    expect(pdfDocumentIdFromUrl('quire-pdf://doc/12/')).toBe(12)
    for (const bad of [
      'quire-pdf://doc/0',
      'quire-pdf://doc/-1',
      'quire-pdf://doc/1.5',
      'quire-pdf://doc/../../etc/passwd',
      'quire-pdf://doc/%2e%2e%2fsecret',
      'quire-pdf://file/12',
      'file:///doc/12',
      'quire-pdf://doc/99999999999999999999',
    ]) {
      expect(pdfDocumentIdFromUrl(bad), bad).toBeNull()
    }
    expect(appAssetPathFromUrl('quire-app://app/assets/x.js')).toBe('/assets/x.js')
    expect(appAssetPathFromUrl('quire-app://elsewhere/x.js')).toBeNull()
    expect(PRIVILEGED_SCHEMES.map((s) => s.scheme)).toEqual(['quire-app', 'quire-pdf'])
  })

  it('serves PDFs only through the library lookup, with CORS for the app origin only', async () => {
    const handler = pdfProtocolHandler(async (id) => {
      if (id !== 3) throw new QuireError('DOCUMENT_NOT_FOUND', 'no')
      return new Uint8Array([37, 80, 68, 70])
    })
    const ok = await handler({ url: 'quire-pdf://doc/3' })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('application/pdf')
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]))
    expect((await handler({ url: 'quire-pdf://doc/4' })).status).toBe(404)
    expect((await handler({ url: 'quire-pdf://doc/../x' })).status).toBe(404)
  })

  it('serves through quire-pdf:// only an imported PDF unchanged on disk, never a failed import', async () => {
    const secret = path.join(tmp, 'passwd')
    await fs.writeFile(secret, 'root:x:0:0')
    const pdf = path.join(tmp, 'a.pdf')
    const bytes = Buffer.from('%PDF-1.4 tiny')
    await fs.writeFile(pdf, bytes)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const records: Record<number, FileRecord> = {
      1: { path: secret, title: 'passwd', sha256: '', size: 10, status: 'failed', format: 'pdf' },
      2: { path: pdf, title: 'a', sha256, size: bytes.length, status: 'indexed', format: 'pdf' },
      3: {
        path: secret,
        title: 'x',
        sha256: createHash('sha256').update('root:x:0:0').digest('hex'),
        size: 10,
        status: 'indexed',
        format: 'pdf',
      },
    }
    const handler = pdfProtocolHandler((id) => readServablePdf(records[id] ?? null, id))
    const failed = await handler({ url: 'quire-pdf://doc/1' })
    expect(failed.status).toBe(404)
    expect(await failed.text()).not.toContain('root:')
    expect((await handler({ url: 'quire-pdf://doc/2' })).status).toBe(200)
    // Even a record marked indexed is refused when the file is not a PDF.
    expect((await handler({ url: 'quire-pdf://doc/3' })).status).toBe(404)
  })

  it('serves the built UI with the CSP and never a file outside it', async () => {
    const root = path.join(tmp, 'renderer')
    await fs.mkdir(root)
    await fs.writeFile(path.join(root, 'index.html'), '<!doctype html>')
    await fs.writeFile(path.join(tmp, 'secret.txt'), 'secret')
    const handler = appProtocolHandler(root)
    const page = await handler({ url: 'quire-app://app/index.html' })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect((await handler({ url: 'quire-app://app/%2e%2e/secret.txt' })).status).toBe(404)
    expect((await handler({ url: 'quire-app://app/..%2fsecret.txt' })).status).toBe(404)
    expect((await handler({ url: 'quire-app://other/index.html' })).status).toBe(404)
  })
})

describe('request and navigation policy', () => {
  const origins = [APP_ORIGIN]
  it('lets the page load only our own schemes', () => {
    expect(isAllowedRequest('quire-app://app/assets/a.js', origins)).toBe(true)
    expect(isAllowedRequest('quire-pdf://doc/1', origins)).toBe(true)
    expect(isAllowedRequest('data:image/png;base64,AA', origins)).toBe(true)
    expect(isAllowedRequest('https://cdn.example/x.js', origins)).toBe(false)
    expect(isAllowedRequest('http://127.0.0.1:11434/api/tags', origins)).toBe(false)
    expect(isAllowedRequest('file:///etc/passwd', origins)).toBe(false)
    expect(isAllowedRequest('ws://localhost:5173/', [...origins, 'http://localhost:5173'])).toBe(true)
  })
  it('refuses navigation away from the app', () => {
    expect(isAllowedNavigation('quire-app://app/index.html#/chat', origins)).toBe(true)
    expect(isAllowedNavigation('https://example.com', origins)).toBe(false)
    expect(isAllowedNavigation('file:///tmp/x.pdf', origins)).toBe(false)
  })
  it('has a strict CSP', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/)
  })
})

describe('window', () => {
  it('is hardened per the Electron security checklist', () => {
    const { webPreferences: w } = mainWindowOptions({ width: 800, height: 600 }, '/p/preload.cjs')
    expect(w).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })

  it('keeps its bounds between runs and never reopens off screen', () => {
    const screens = [{ x: 0, y: 0, width: 1920, height: 1080 }]
    expect(loadWindowState(tmp, screens)).toEqual({ bounds: { width: 1200, height: 800 }, maximized: false })
    saveWindowState(tmp, { bounds: { x: 100.4, y: 50, width: 1000, height: 700 }, maximized: true })
    expect(loadWindowState(tmp, screens)).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: true,
    })
    // The second monitor it was on is gone: keep the size, let the OS place it.
    saveWindowState(tmp, { bounds: { x: 2500, y: 50, width: 1000, height: 700 }, maximized: false })
    expect(loadWindowState(tmp, screens)).toEqual({ bounds: { width: 1000, height: 700 }, maximized: false })
  })

  it('falls back to defaults on a corrupt or absurd state file', async () => {
    await fs.writeFile(
      path.join(tmp, WINDOW_STATE_FILE),
      '{"bounds":{"width":5,"height":5},"maximized":false}',
    )
    expect(loadWindowState(tmp, []).bounds).toEqual({ width: 1200, height: 800 })
    await fs.writeFile(path.join(tmp, WINDOW_STATE_FILE), 'nope')
    expect(loadWindowState(tmp, []).maximized).toBe(false)
  })

  it('has a menu with the usual shortcuts, dev tools only in development', () => {
    const calls: string[] = []
    const actions = {
      importFiles: () => calls.push('files'),
      importFolder: () => calls.push('folder'),
      installQuireCommand: () => calls.push('quire'),
    }
    const linux = buildMenuTemplate('linux', actions, false)
    const file = linux[0]!.submenu as {
      label?: string
      accelerator?: string
      role?: string
      click?: () => void
    }[]
    expect(file[0]).toMatchObject({ accelerator: 'CmdOrCtrl+O' })
    file[0]!.click!()
    file.find((i) => i.label === 'Install the quire Command')!.click!()
    expect(calls).toEqual(['files', 'quire'])
    expect(file.some((i) => i.role === 'quit')).toBe(true)
    expect(JSON.stringify(linux)).not.toContain('toggleDevTools')
    expect(JSON.stringify(buildMenuTemplate('linux', actions, true))).toContain('toggleDevTools')
    expect(buildMenuTemplate('darwin', actions, false)[0]).toEqual({ role: 'appMenu' })
  })
})
