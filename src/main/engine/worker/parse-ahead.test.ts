import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ParsedDocument } from '../ingest/parse-document.js'
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
})
