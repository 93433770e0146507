import { describe, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import { makeEpub } from '@tests/fixtures/office-factory.js'
import { locatorOf, read, readError } from './readers-test-kit.js'

const para = (topic: string) =>
  `<p>${Array.from({ length: 6 }, (_, i) => `Note ${i + 1} on ${topic} for the maintainer.`).join(' ')}</p>`

describe('EPUB reader', () => {
  it('reads chapters in spine order through the HTML path, each passage cited by its chapter', async () => {
    const bytes = makeEpub(
      "Developer's Reference",
      [
        {
          file: 'uploads.xhtml',
          html: `<h1>5. Packaging</h1>${para('packaging')}<h2>5.11 Uploads</h2><p>Uploads go to the archive queue.</p>${para('uploads')}`,
        },
        { file: 'intro.xhtml', html: `<h1>1. Scope</h1>${para('scope')}<script>alert(1)</script>` },
      ],
      [1, 0],
    )
    const doc = await read(bytes, '/d/ref.epub')
    expect(doc.format).toBe('epub')
    expect(doc.title).toBe("Developer's Reference")
    // The spine puts intro first, whatever the manifest's order.
    expect(doc.pages[0]!.text).toMatch(/^1\. Scope/)
    expect(doc.pages.map((p) => p.text).join(' ')).not.toMatch(/alert/)
    expect(locatorOf(doc, 'Note 3 on scope')).toBe('Chapter 1: 1. Scope')
    expect(locatorOf(doc, 'archive queue')).toBe('Chapter 2: 5. Packaging > 5.11 Uploads')
  })

  it('reads a title page (pandoc writes one from the metadata) as no chapter of its own', async () => {
    const bytes = makeEpub('Handbook', [
      {
        file: 'title_page.xhtml',
        html: '<section epub:type="titlepage" class="titlepage"><h1 class="title">Handbook</h1><p class="author">Ann Author</p></section>',
      },
      { file: 'ch001.xhtml', html: `<h1>Intake</h1>${para('intake')}` },
    ])
    const doc = await read(bytes, '/d/handbook.epub')
    expect(doc.title).toBe('Handbook')
    expect(doc.chunks.map((c) => c.text).join(' ')).not.toMatch(/Ann Author/)
    expect(locatorOf(doc, 'Note 2 on intake')).toBe('Chapter 1: Intake')
  })

  it('names a damaged EPUB (no container, no package document)', async () => {
    const noContainer = zipSync({ mimetype: strToU8('application/epub+zip') })
    expect(await readError(noContainer, '/d/a.epub')).toMatchObject({ code: 'DOC_CORRUPT' })
    const noOpf = zipSync({
      'META-INF/container.xml': strToU8(
        '<container><rootfiles><rootfile full-path="x.opf"/></rootfiles></container>',
      ),
    })
    expect((await readError(noOpf, '/d/b.epub'))!.message).toMatch(/package document x\.opf is missing/)
  })
})
