import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cachedRecognition } from './ocr-cache.js'
import type { OcrResult } from './ocr-engine.js'

const RESULT: OcrResult = {
  confidence: 91,
  lines: [{ words: [{ text: 'Tides', confidence: 91, x0: 1, y0: 2, x1: 30, y1: 14 }] }],
}
const image = Buffer.from('not really a png, but bytes to hash')

let dir: string | null = null
afterEach(() => {
  delete process.env.QUIRE_OCR_CACHE
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  dir = null
})

describe('OCR cache for evaluations', () => {
  it('recognises a page once per image, dpi and settings while QUIRE_OCR_CACHE is set', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-ocr-cache-'))
    process.env.QUIRE_OCR_CACHE = dir
    let calls = 0
    const recognize = () => Promise.resolve((calls++, RESULT))
    expect(await cachedRecognition(image, 150, 'psm 3', recognize)).toEqual(RESULT)
    expect(await cachedRecognition(image, 150, 'psm 3', recognize)).toEqual(RESULT)
    expect(calls).toBe(1)
    // Another dpi, other settings or another image is recognised again.
    await cachedRecognition(image, 200, 'psm 3', recognize)
    await cachedRecognition(image, 150, 'psm 6', recognize)
    await cachedRecognition(Buffer.from('another page'), 150, 'psm 3', recognize)
    expect(calls).toBe(4)
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(4)
  })

  it('reads and writes nothing without the variable (the app never sets it)', async () => {
    let calls = 0
    const recognize = () => Promise.resolve((calls++, RESULT))
    await cachedRecognition(image, 150, 'psm 3', recognize)
    await cachedRecognition(image, 150, 'psm 3', recognize)
    expect(calls).toBe(2)
  })
})
