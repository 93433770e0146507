import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../services/package-root.js'
import { APP_ORIGIN } from './app-protocols.js'
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../services/content-security-policy.js'
import {
  APP_LINKS,
  externalLinkDecision,
  GUARDED_NAVIGATION_EVENTS,
  navigationGuard,
  windowOpenHandler,
} from './external-links.js'

describe('links leaving the app', () => {
  it('opens only the app’s own links directly, asks for other web links, refuses the rest', () => {
    for (const link of APP_LINKS) expect(externalLinkDecision(link)).toBe('open')
    expect(externalLinkDecision('https://example.com/paper')).toBe('confirm')
    expect(externalLinkDecision('http://intranet.local/')).toBe('confirm')
    expect(externalLinkDecision('file:///etc/passwd')).toBe('deny')
    expect(externalLinkDecision('javascript:alert(1)')).toBe('deny')
    expect(externalLinkDecision('smb://server/share')).toBe('deny')
    expect(externalLinkDecision('https://user:pw@example.com/')).toBe('deny')
    expect(externalLinkDecision('not a url')).toBe('deny')
  })

  it('never opens an unlisted address without the main-process confirmation', async () => {
    const opened: string[] = []
    const asked: string[] = []
    let answer = false
    const handler = windowOpenHandler({
      openExternal: (url) => void opened.push(url),
      confirmOpen: async (url) => {
        asked.push(url)
        return answer
      },
    })
    expect(handler({ url: 'https://evil.example/exfiltrate?q=secret' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'file:///home/ana/.ssh/id_rsa' })).toEqual({ action: 'deny' })
    expect(handler({ url: APP_LINKS[0]! })).toEqual({ action: 'deny' })
    await new Promise((r) => setTimeout(r, 0))
    expect(asked).toEqual(['https://evil.example/exfiltrate?q=secret'])
    expect(opened).toEqual([APP_LINKS[0]])
    answer = true
    handler({ url: 'https://example.com/ok' })
    await new Promise((r) => setTimeout(r, 0))
    expect(opened).toEqual([APP_LINKS[0], 'https://example.com/ok'])
  })

  it('guards redirects as well as navigations', () => {
    expect(GUARDED_NAVIGATION_EVENTS).toContain('will-redirect')
    expect(GUARDED_NAVIGATION_EVENTS).toContain('will-navigate')
    const guard = navigationGuard([APP_ORIGIN])
    let prevented = 0
    const event = { preventDefault: () => void prevented++ }
    guard(event, 'quire-app://app/index.html')
    expect(prevented).toBe(0)
    guard(event, 'https://evil.example/')
    guard(event, 'file:///etc/passwd')
    expect(prevented).toBe(2)
  })
})

describe('content security policy', () => {
  it('allows no inline styles outside the dev server, and index.html carries the same policy', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline')
    expect(devContentSecurityPolicy(CONTENT_SECURITY_POLICY)).toContain("style-src 'self' 'unsafe-inline'")
    const html = fs.readFileSync(path.join(packageRoot(), 'src', 'renderer', 'index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]!
    // The meta tag leaves out frame-ancestors (browsers ignore it there).
    expect(meta).toBe(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", ''))
  })
})

describe('packaging', () => {
  it('flips the Electron fuses electron-builder knows, as the security checklist asks', () => {
    // electron-builder reads its YAML with js-yaml; the same parser reads it here.
    const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown }
    const root = packageRoot()
    const config = yaml.load(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as {
      electronFuses?: Record<string, boolean>
    }
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    })
    const schema = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8'),
    ) as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } }
    for (const key of Object.keys(config.electronFuses!)) {
      expect(schema.definitions.FuseOptionsV1.properties).toHaveProperty(key)
    }
  })
})
