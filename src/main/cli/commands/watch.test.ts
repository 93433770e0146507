import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { onePagePdf } from '@tests/fixtures/pdf-factory.js'
import { captureIo } from '@tests/helpers/capture-io.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { main } from '../main.js'

const tempDir = useTempDirs()

/** Resolves when `read()` matches, however long the machine takes (a generous bound). */
function until(read: () => string, re: RegExp, ms = 30_000): Promise<void> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const look = () => {
      if (re.test(read())) return resolve()
      if (Date.now() - started > ms) return reject(new Error(`no ${re} in:\n${read()}`))
      setTimeout(look, 25)
    }
    look()
  })
}

describe('quire watch', () => {
  it('imports a file saved into the folder and removes a deleted one, one line each, until Ctrl-C', async () => {
    const folder = tempDir()
    const library = tempDir()
    fs.writeFileSync(path.join(folder, 'first.pdf'), await onePagePdf('basalt'))
    const io = captureIo()
    const done = main(['watch', folder, '--library', library, '--model-dir', 'none'], io)
    await until(io.out, /Watching .*Ctrl-C stops/)
    await until(io.out, /added\s+.*first\.pdf\s+PDF, 1 page, 1 passage/)
    const second = path.join(folder, 'second.pdf')
    fs.writeFileSync(second, await onePagePdf('granite'))
    await until(io.out, /added\s+.*second\.pdf/)
    fs.rmSync(second)
    await until(io.out, /removed\s+.*second\.pdf/)
    io.interrupts.emit('SIGINT')
    expect(await done).toBe(0)
    expect(io.out()).toMatch(/^Rescanning .* \(1 file\) into /)

    const docs = captureIo()
    await main(['docs', '--library', library], docs)
    expect(docs.out()).toMatch(/first\.pdf/)
    expect(docs.out()).not.toMatch(/second\.pdf/)
  })

  it('refuses a path that is not a folder, saying what to give', async () => {
    const io = captureIo()
    const file = path.join(tempDir(), 'a.pdf')
    fs.writeFileSync(file, await onePagePdf('slate'))
    expect(await main(['watch', file, '--library', tempDir(), '--model-dir', 'none'], io)).toBe(1)
    expect(io.err()).toMatch(/a\.pdf is not a folder\. Give the folder to watch .* \[WATCH_NOT_A_FOLDER\]/)
  })

  it('quire docs names the other paths of a document found twice, and ingest says a re-saved copy is the same text', async () => {
    const folder = tempDir()
    const library = tempDir()
    const a = path.join(folder, 'a.pdf')
    const b = path.join(folder, 'b.pdf')
    fs.writeFileSync(a, await onePagePdf('basalt'))
    fs.copyFileSync(a, b)
    const ingest = captureIo()
    expect(await main(['ingest', a, b, '--library', library, '--model-dir', 'none'], ingest)).toBe(0)
    expect(ingest.out()).toMatch(
      /skipped\s+.*b\.pdf\s+Same file as a\.pdf, already in the library: kept as another location of it\./,
    )
    const docs = captureIo()
    await main(['docs', '--library', library], docs)
    expect(docs.out()).toContain(`also at 1 other path: ${b}`)
  })

  it('watches into a collection with --collection, making it when there is none', async () => {
    const folder = tempDir()
    const library = tempDir()
    fs.writeFileSync(path.join(folder, 'first.pdf'), await onePagePdf('basalt'))
    const io = captureIo()
    const done = main(
      ['watch', folder, '--library', library, '--model-dir', 'none', '--collection', 'Case 14'],
      io,
    )
    await until(io.out, /added\s+.*first\.pdf/)
    io.interrupts.emit('SIGINT')
    expect(await done).toBe(0)
    expect(io.out()).toMatch(/, collection Case 14…/)
    const docs = captureIo()
    await main(['docs', '--library', library, '--collection', 'Case 14'], docs)
    expect(docs.out()).toMatch(/first\.pdf/)
  })
})
