import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { makeScanPdf, pageImages } from '@tests/fixtures/scan-factory.js'
import { runOffline } from '@tests/helpers/offline-child.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()
const root = path.resolve(import.meta.dirname, '../../../..')

describe('OCR offline', () => {
  it('the guard itself catches a real outbound connection (control)', async () => {
    const dir = tempDir()
    const netLog = path.join(dir, 'net.log')
    const script = `fetch('https://example.invalid/').catch(() => {}); require('node:net').connect(80, '192.0.2.1').on('error', () => {})`
    await promisify(execFile)(
      process.execPath,
      ['--import', './tests/helpers/refuse-network.mjs', '-e', script],
      {
        cwd: root,
        env: { ...process.env, QUIRE_NET_LOG: netLog },
      },
    )
    const attempts = fs
      .readFileSync(netLog, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('attempt '))
    expect(attempts).toHaveLength(2)
  })

  it('recognises a scanned page with every outbound connection refused, in every thread', async () => {
    const dir = tempDir()
    const [image] = await pageImages({
      pages: [{ lines: [{ text: 'Offline recognition of confidential letters.' }] }],
    })
    const pdf = path.join(dir, 'scan.pdf')
    fs.writeFileSync(pdf, await makeScanPdf([{ image: image! }]))
    const { stdout, log } = await runOffline('tests/helpers/ocr-child.ts', [pdf], dir)
    const pages = JSON.parse(stdout) as { text: string; ocr: { confidence: number } | null }[]
    expect(pages[0]!.text.toLowerCase()).toContain('confidential letters')
    expect(pages[0]!.ocr?.confidence).toBeGreaterThan(50)
    // The guard ran in the main thread and in the recogniser's own worker thread...
    const guarded = log.filter((l) => l.startsWith('guard ')).map((l) => Number(l.split(' ')[1]))
    expect(guarded).toContain(0)
    expect(guarded.some((t) => t > 0)).toBe(true)
    // ...and nothing tried to connect anywhere.
    expect(
      log.filter((l) => l.startsWith('attempt ')),
      log.join('\n'),
    ).toEqual([])
  })
})
