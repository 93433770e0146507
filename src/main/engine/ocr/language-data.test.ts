import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { create } from 'tar'
import { afterEach, describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { defaultOcrModel, languageData, OCR_LANGUAGES, readPinnedEntry } from './language-data.js'

const tempDir = useTempDirs()
const pinned = OCR_LANGUAGES.eng.fast

/** A .tar.gz holding `content` at the pinned entry's path. */
async function archiveWith(content: string): Promise<string> {
  const dir = tempDir()
  const file = path.join(dir, pinned.entry)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  const archive = path.join(dir, 'tt.tar.gz')
  await create({ gzip: true, file: archive, cwd: dir }, [pinned.entry.split('/')[0]!])
  return archive
}

describe('OCR language data', () => {
  const saved = process.env.QUIRE_OCR_MODEL
  afterEach(() => {
    if (saved === undefined) delete process.env.QUIRE_OCR_MODEL
    else process.env.QUIRE_OCR_MODEL = saved
  })

  it('the default English model is the pinned tessdata_fast file, taken out of its package', async () => {
    const { dir, gzip } = await languageData('eng', 'fast')
    expect(gzip).toBe(false)
    const bytes = fs.readFileSync(path.join(dir, 'eng.traineddata'))
    expect(bytes.length).toBe(pinned.bytes)
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(pinned.sha256)
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([])
  })

  it('a package whose archive holds another file fails loudly, naming both hashes', async () => {
    const archive = await archiveWith('not the model')
    const err = await readPinnedEntry(archive, pinned).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'OCR_DATA' })
    const message = (err as Error).message
    expect(message).toContain(pinned.sha256)
    expect(message).toContain(createHash('sha256').update('not the model').digest('hex'))
    expect(message).toContain('npm install')
  })

  it('an archive without the entry, or no archive at all, fails with what to do', async () => {
    const dir = tempDir()
    const other = path.join(dir, 'other.txt')
    fs.writeFileSync(other, 'x')
    const archive = path.join(dir, 'empty.tar.gz')
    await create({ gzip: true, file: archive, cwd: dir }, ['other.txt'])
    await expect(readPinnedEntry(archive, pinned)).rejects.toThrow(`has no ${pinned.entry}`)
    await expect(readPinnedEntry(path.join(dir, 'missing.tar.gz'), pinned)).rejects.toMatchObject({
      code: 'OCR_DATA',
    })
  })

  it('the model is fast unless QUIRE_OCR_MODEL names another; a wrong name is a clear error', () => {
    delete process.env.QUIRE_OCR_MODEL
    expect(defaultOcrModel()).toBe('fast')
    process.env.QUIRE_OCR_MODEL = 'best_int'
    expect(defaultOcrModel()).toBe('best_int')
    process.env.QUIRE_OCR_MODEL = 'tiny'
    expect(() => defaultOcrModel()).toThrow(/not an OCR model: use one of fast, best_int/)
  })
})
