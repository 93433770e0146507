import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { captureIo } from '@tests/helpers/capture-io.js'
import { corruptLeafOf } from '@tests/helpers/corrupt-page.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { main } from '../main.js'

const tempDir = useTempDirs()

describe('quire check', () => {
  it('says what is wrong and exits 1; --repair repairs and exits 0', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    for (let i = 0; i < 3; i++)
      fs.writeFileSync(path.join(docs, `doc-${i}.pdf`), await makeTextPdf(sampleTextSpec(`granite ${i}`, 6)))
    const run = async (...args: string[]) => {
      const io = captureIo()
      const code = await main([...args, '--library', libDir, '--model-dir', 'none'], io)
      return { code, out: io.out() }
    }
    expect((await run('ingest', docs, '--json')).code).toBe(0)
    corruptLeafOf(path.join(libDir, 'library.sqlite'), 'chunks')
    const checked = await run('check', '--json')
    expect(checked.code).toBe(1)
    expect(JSON.parse(checked.out)).toMatchObject({ ok: false, repaired: false })
    const repaired = await run('check', '--repair')
    expect(repaired).toMatchObject({ code: 0, out: expect.stringContaining('damaged and is repaired') })
    expect((await run('check')).out).toContain('The library is sound')
  })
})
