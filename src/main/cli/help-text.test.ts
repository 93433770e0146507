// The CLI's help and its messages about an empty or missing library name every format Quire
// imports, not only PDFs (Word, Markdown, EPUB… are imported since the formats registry).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importableFormats } from '@shared/skipped-files.js'
import { captureIo } from '@tests/helpers/capture-io.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { ingestCommand } from './commands/ingest.js'

const tempDir = useTempDirs()

const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('the CLI names every format it imports', () => {
  it('quire --help and ingest --help speak of documents, with the formats of the registry', async () => {
    const top = flat((await cli('--help')).out)
    expect(top).not.toMatch(/your PDFs/)
    expect(top).toMatch(/Word.*Markdown.*EPUB/)
    const ingest = flat((await cli('ingest', '--help')).out)
    expect(ingest).toContain(flat(importableFormats()))
    expect(ingest).not.toMatch(/PDF or image files/)
  })

  it('a missing library and an empty one say to import documents', async () => {
    const missing = await cli('docs', '--library', path.join(tempDir(), 'nowhere'))
    expect(missing.err).toMatch(/import documents first: quire ingest/)
    const lib = tempDir()
    fs.writeFileSync(path.join(lib, 'empty.md'), '')
    await cli('ingest', path.join(lib, 'empty.md'), '--library', lib, '--model-dir', 'none')
    await cli('remove', path.join(lib, 'empty.md'), '--library', lib)
    const listed = await cli('docs', '--library', lib)
    expect(listed.out).toContain('The library is empty. Import documents with: quire ingest')
  })
})

describe('keyword-only mode, said as sentences', () => {
  // "Keyword-only mode: Model folder not found: /…/all-MiniLM-L6-v2 Passages will be embedded…":
  // no full stop between the two, and nothing on how to get a model.
  it('ends the reason with a full stop and says how to get a model', async () => {
    const lib = tempDir()
    fs.writeFileSync(path.join(lib, 'note.md'), '# Note\n\nThe crane lifts forty tonnes.\n')
    const io = captureIo()
    const missing = path.join(tempDir(), 'no-model')
    await ingestCommand([path.join(lib, 'note.md')], { library: lib, modelDir: missing, json: false }, io)
    expect(io.err()).toContain(
      `Keyword-only mode: Model folder not found: ${missing}. Passages will be embedded when a model is available (npm run fetch-model puts one in resources/models).\n`,
    )
  })
})
