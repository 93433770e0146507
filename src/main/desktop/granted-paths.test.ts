import { describe, expect, it } from 'vitest'
import { createHandlers } from '../ipc/create-handlers.js'
import { createRouter } from '../ipc/router.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { GrantedPaths, grantFromSender } from './granted-paths.js'

describe('granted paths (desktop import allow-list)', () => {
  it('allows what the user chose or dropped, and what lies inside a chosen folder', () => {
    const g = new GrantedPaths()
    g.grant(['/home/ana/reports', '/home/ana/one.pdf'])
    expect(g.allows('/home/ana/one.pdf')).toBe(true)
    expect(g.allows('/home/ana/reports')).toBe(true)
    expect(g.allows('/home/ana/reports/2024/q1.pdf')).toBe(true)
    expect(g.allows('/home/ana/reports/../.ssh/id_rsa')).toBe(false)
    expect(g.allows('/home/ana/reports-old/x.pdf')).toBe(false)
    expect(g.allows('/etc/shadow')).toBe(false)
    expect(g.allows('one.pdf')).toBe(false)
    expect(() => g.check(['/home/ana/one.pdf', '/etc/passwd'])).toThrow(/\/etc\/passwd was not/)
  })

  it('takes a dropped path only from our own page, and only an absolute one', () => {
    const g = new GrantedPaths()
    expect(grantFromSender(g, false, '/etc/passwd')).toBe(false)
    expect(grantFromSender(g, true, 42)).toBe(false)
    expect(grantFromSender(g, true, '')).toBe(false)
    expect(grantFromSender(g, true, 'relative.pdf')).toBe(false)
    expect(g.allows('/etc/passwd')).toBe(false)
    expect(grantFromSender(g, true, '/home/ana/dropped.pdf')).toBe(true)
    expect(g.allows('/home/ana/dropped.pdf')).toBe(true)
  })

  it('makes library.import and library.importModelFolder refuse free renderer paths', async () => {
    const env = await tempServices()
    try {
      const granted = new GrantedPaths()
      const invoke = createRouter(
        createHandlers(env.services, {
          shell: 'desktop',
          pickFiles: async () => {
            granted.grant(['/picked/a.pdf'])
            return ['/picked/a.pdf']
          },
          authorizePaths: (paths) => granted.check(paths),
          pdfUrl: (id) => `quire-pdf://doc/${id}`,
        }),
      )
      expect(await invoke('library.import', { paths: ['/etc/passwd'] })).toMatchObject({
        ok: false,
        error: { code: 'PATH_NOT_GRANTED' },
      })
      expect(await invoke('library.importModelFolder', { path: '/home/ana/.ssh' })).toMatchObject({
        ok: false,
        error: { code: 'PATH_NOT_GRANTED' },
      })
      await invoke('library.pickFiles', {})
      const picked = await invoke('library.import', { paths: ['/picked/a.pdf'] })
      expect(picked.ok).toBe(true)
      await env.services.imports.idle()
    } finally {
      await env.dispose()
    }
  })
})
