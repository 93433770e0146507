import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ParseOptions, ParsedDocument } from '../ingest/parse-document.js'
import { parseAhead } from './parse-ahead.js'

describe('parseAhead', () => {
  let dir: string
  let calls: string[]
  const parse = async (bytes: Uint8Array, file: string): Promise<ParsedDocument> => {
    calls.push(`${path.basename(file)}:${Buffer.from(bytes).toString()}`)
    return { title: path.basename(file), pages: [], chunks: [] }
  }
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-ahead-'))
    calls = []
    for (const n of ['a', 'b', 'c']) fs.writeFileSync(path.join(dir, `${n}.pdf`), n)
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('parses the first files at once and hands each result over once', async () => {
    const ahead = parseAhead(parse, [dir], 2)
    const a = await ahead(Buffer.from('a'), path.join(dir, 'a.pdf'), {})
    expect(a.title).toBe('a.pdf')
    expect(calls).toEqual(['a.pdf:a', 'b.pdf:b'])
    await ahead(Buffer.from('b'), path.join(dir, 'b.pdf'), {})
    await ahead(Buffer.from('c'), path.join(dir, 'c.pdf'), {})
    await ahead(Buffer.from('a'), path.join(dir, 'a.pdf'), {}) // a second import of a: parsed again
    expect(calls).toEqual(['a.pdf:a', 'b.pdf:b', 'c.pdf:c', 'a.pdf:a'])
  })

  it('parses again when the file changed after the early parse', async () => {
    const ahead = parseAhead(parse, [dir], 1)
    await ahead(Buffer.from('a2'), path.join(dir, 'a.pdf'), {})
    expect(calls).toEqual(['a.pdf:a', 'a.pdf:a2'])
  })

  it("runs an early parse with the import's OCR setting, relays its progress and its cancel", async () => {
    let seen: ParseOptions | null = null
    let finish: (d: ParsedDocument) => void = () => {}
    const slow = (_bytes: Uint8Array, _file: string, opts: ParseOptions) => {
      seen = opts
      opts.onPage?.(2, 2)
      opts.onOcrPage?.(0, 2)
      return new Promise<ParsedDocument>((resolve, reject) => {
        finish = resolve
        opts.signal?.addEventListener('abort', () => reject(new Error('cancelled')))
      })
    }
    const ahead = parseAhead(slow, [path.join(dir, 'a.pdf')], 1, { ocr: false })
    const events: string[] = []
    const importing = ahead(Buffer.from('a'), path.join(dir, 'a.pdf'), {
      onPage: (d, t) => events.push(`page ${d}/${t}`),
      onOcrPage: (d, t) => events.push(`ocr ${d}/${t}`),
    })
    await expect.poll(() => events.length).toBe(2)
    expect(seen!.ocr).toBe(false)
    // Progress before the import asked is replayed, later progress goes straight through.
    seen!.onOcrPage?.(1, 2)
    expect(events).toEqual(['page 2/2', 'ocr 0/2', 'ocr 1/2'])
    finish({ title: 'a', pages: [], chunks: [] })
    expect((await importing).title).toBe('a')

    // The import's signal stops an early parse it has asked for.
    const controller = new AbortController()
    const again = parseAhead(slow, [path.join(dir, 'b.pdf')], 1)
    const cancelled = again(Buffer.from('b'), path.join(dir, 'b.pdf'), { signal: controller.signal })
    await expect.poll(() => seen?.signal).toBeDefined()
    controller.abort()
    await expect(cancelled).rejects.toThrow('cancelled')
  })
  it('says when the first early parse has been requested, or that none will be', async () => {
    const ahead = parseAhead(parse, [dir], 1)
    await ahead.firstStarted
    expect(calls).toEqual(['a.pdf:a'])
    // Nothing to parse early: it settles all the same, so a caller waiting on it goes on.
    await parseAhead(parse, [path.join(dir, 'missing.pdf')], 1).firstStarted
    expect(calls).toEqual(['a.pdf:a'])
  })
})
