import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeDocx, makeEpub, makeOdp, makeOdt } from '@tests/fixtures/office-factory.js'
import { runOffline } from '@tests/helpers/offline-child.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()

/** Everything a document can point at on the network: images, styles, scripts, frames, links. */
const REMOTE = `<img src="https://example.com/pixel.png"><link rel="stylesheet" href="https://example.com/s.css">
<script src="https://example.com/x.js"></script><iframe src="https://example.com/frame"></iframe>
<a href="https://example.com/page">a link</a><object data="https://example.com/o.swf"></object>`

describe('document readers offline', () => {
  it('reads every format with every outbound connection refused, and tries none', async () => {
    const dir = tempDir()
    const body = 'The harbour rules were revised in spring and apply to every mooring. '.repeat(3)
    const files: Record<string, Uint8Array | string> = {
      'memo.docx': makeDocx([{ heading: 'Rules', level: 1 }, { p: body }]),
      'notes.odt': makeOdt([{ heading: 'Rules', level: 1 }, { p: body }]),
      'deck.odp': makeOdp([{ title: 'Rules', text: body, notes: 'Speaker note.' }]),
      'page.html': `<html><head>${REMOTE}</head><body><h1>Rules</h1><p>${body}</p>${REMOTE}</body></html>`,
      'notes.md': `# Rules\n\n![logo](https://example.com/logo.png)\n\n${body}\n\n<img src="https://example.com/i.png">\n`,
      'export.txt': body,
      'book.epub': makeEpub('Rules', [{ file: 'a.xhtml', html: `<h1>Rules</h1><p>${body}</p>${REMOTE}` }]),
    }
    const paths = Object.entries(files).map(([name, bytes]) => {
      const p = path.join(dir, name)
      fs.writeFileSync(p, bytes)
      return p
    })
    const { stdout, log } = await runOffline('tests/helpers/read-child.ts', paths, dir)
    const read = JSON.parse(stdout) as { file: string; format: string; chunks: number }[]
    expect(read.map((r) => r.format)).toEqual(['docx', 'odt', 'odp', 'html', 'markdown', 'text', 'epub'])
    for (const r of read) expect(r.chunks, r.file).toBeGreaterThan(0)
    expect(log.some((l) => l.startsWith('guard '))).toBe(true)
    expect(
      log.filter((l) => l.startsWith('attempt ')),
      log.join('\n'),
    ).toEqual([])
  })
})
