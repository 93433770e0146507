import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { tempServices } from '@tests/helpers/temp-services.js'

const tempDir = useTempDirs()

async function until(pred: () => boolean, ms = 60_000): Promise<void> {
  const started = Date.now()
  while (!pred()) {
    if (Date.now() - started > ms) throw new Error('the watched folder did not change the library')
    await new Promise((r) => setTimeout(r, 25))
  }
}

// The app's watched folders are its open library's (OpenLibrary.watches, tested there): here, that
// every window is told of them, and that they start with the app.
describe('the app’s watched folders', () => {
  it('tells every window each state and change, and are started again with the app', async () => {
    const folder = tempDir()
    const first = await tempServices()
    const services = first.services
    let second: Awaited<ReturnType<typeof tempServices>> | null = null
    try {
      const states: string[] = []
      let libraryChanges = 0
      services.events.subscribe((e, p) => {
        if (e === 'watch.changed')
          states.push(...(p as { folders: { status: string }[] }).folders.map((f) => f.status))
        if (e === 'library.changed') libraryChanges++
      })
      expect(await services.watches.add(folder)).toMatchObject([{ folder, status: 'watching', waiting: 0 }])
      const file = path.join(folder, 'basalt.pdf')
      fs.writeFileSync(
        file,
        await makeTextPdf({
          pages: [{ lines: paragraphLines(['The basalt survey logged every site twice.']) }],
        }),
      )
      await until(() => services.watches.list()[0]?.lastChange != null)
      expect(services.library.documents().map((d) => d.path)).toEqual([file])
      expect(states).toContain('watching')
      expect(libraryChanges).toBeGreaterThan(0)

      expect((await services.watches.pause(folder))[0]?.status).toBe('paused')
      await first.close()
      second = await tempServices({ reopen: first.tmp })
      const restarted = second.services
      expect(restarted.watches.list()).toMatchObject([{ folder, status: 'paused' }])
      expect((await restarted.watches.resume(folder))[0]?.status).toBe('watching')
      expect(await restarted.watches.remove(folder)).toEqual([])
      expect(restarted.library.documents().map((d) => d.path)).toEqual([file])
      await expect(restarted.watches.add(file)).rejects.toMatchObject({ code: 'WATCH_NOT_A_FOLDER' })
    } finally {
      if (second) await second.dispose()
      else await first.dispose()
    }
  })
})
