import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHandlers } from '../../src/main/ipc/create-handlers.js'
import { createRouter } from '../../src/main/ipc/router.js'
import { createInMemoryApi } from './in-memory-api.js'
import { tempServices } from './temp-services.js'

let env: Awaited<ReturnType<typeof tempServices>>
beforeEach(async () => {
  env = await tempServices()
})
afterEach(() => env.dispose())

function api() {
  const router = createRouter(
    createHandlers(env.services, { shell: 'desktop', pickFiles: async () => [], pdfUrl: String }),
  )
  return createInMemoryApi(router, env.services.events)
}

describe('createInMemoryApi', () => {
  it('answers through the real router and delivers the services’ events', async () => {
    const quire = api()
    expect(await quire.invoke('conversations.list', {})).toEqual({ ok: true, data: [] })
    // Validation errors come back as results, as over Electron IPC.
    expect(await quire.invoke('conversations.get', { id: -1 } as never)).toMatchObject({
      ok: false,
      error: { code: expect.any(String), message: expect.any(String) },
    })
    const seen: unknown[] = []
    const off = quire.on('library.changed', (p) => seen.push(p))
    env.services.events.emit('library.changed', {})
    off()
    env.services.events.emit('library.changed', {})
    expect(seen).toEqual([{}])
    quire.close()
  })
})
