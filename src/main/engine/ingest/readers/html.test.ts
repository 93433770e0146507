import { describe, expect, it } from 'vitest'
import { blocks, locatorOf, read, readError } from './readers-test-kit.js'

const para = (topic: string) =>
  `<p>${Array.from({ length: 8 }, (_, i) => `Line ${i + 1} about ${topic} for the reader to follow.`).join(' ')}</p>`

describe('HTML reader', () => {
  it('reads structure, never scripts or styles, and locates passages by heading path', async () => {
    const html = `<!doctype html><html><head><title>Manual</title><script>window.evil = 1; fetch('http://x')</script>
      <style>p { color: red }</style></head><body>
      <h1>2 Setup<a class="headerlink" href="#s">¶</a></h1>${para('setup')}
      <h2>2.1 Install</h2><p>Run the installer <img src="http://example.com/x.png"> twice.</p>
      <ul><li>first step<ul><li>nested step</li></ul></li><li>second step</li></ul>
      <pre>make install\n  --prefix /opt</pre>
      <table><tr><th>Option</th><th>Meaning</th></tr><tr><td>-v</td><td>verbose</td></tr></table>
      </body></html>`
    const doc = await read(html, '/d/manual.html')
    expect(doc.format).toBe('html')
    expect(doc.title).toBe('Manual')
    const b = blocks(doc)
    expect(b).toContainEqual(['heading', '2 Setup'])
    expect(b).toContainEqual(['list-item', 'nested step'])
    expect(b).toContainEqual(['code', 'make install\n  --prefix /opt'])
    expect(b).toContainEqual(['table-row', 'Option | Meaning'])
    expect(b.map(([, t]) => t).join(' ')).not.toMatch(/evil|color: red/)
    expect(locatorOf(doc, 'Run the installer')).toBe('2 Setup > 2.1 Install')
  })

  it('keeps only the article of a page saved from the web (Readability), not its menus', async () => {
    const article = Array.from({ length: 6 }, (_, i) => para(`budget item ${i}`)).join('')
    const html = `<!-- saved from url=(0030)https://news.example.com/a -->
      <html><head><title>Budget news</title><link rel="canonical" href="https://news.example.com/a"></head><body>
      <header><a href="/">Home</a> <a href="/sport">Sport</a> Subscribe now for unlimited access</header>
      <div class="sidebar"><a href="/1">Most read one</a> <a href="/2">Most read two</a></div>
      <article><h1>Council approves budget</h1>${article}</article>
      <footer>Cookie settings. Copyright News Ltd.</footer></body></html>`
    const doc = await read(html, '/d/saved.html')
    const text = doc.pages.map((p) => p.text).join('\n')
    expect(text).toMatch(/budget item 3/)
    expect(text).not.toMatch(/Subscribe now|Cookie settings/)
  })

  it('takes a page for one saved from the web by its Open Graph tags too, and reads any other page whole', async () => {
    const article = Array.from({ length: 6 }, (_, i) => para(`harbour dues ${i}`)).join('')
    const page = (head: string) => `<html><head><title>Dues</title>${head}</head><body>
      <header>Subscribe now for unlimited access</header><article><h1>Harbour dues rise</h1>${article}</article>
      <footer>Cookie settings.</footer></body></html>`
    const text = async (html: string) => (await read(html, '/d/p.html')).pages.map((p) => p.text).join('\n')
    const og = await text(page('<meta property="og:title" content="Dues">'))
    expect(og).toMatch(/harbour dues 3/)
    expect(og).not.toMatch(/Subscribe now|Cookie settings/)
    // A manual's own header and footer are its text: nothing marks it as saved from the web.
    expect(await text(page('<meta name="author" content="Harbour office">'))).toMatch(
      /Subscribe now[\s\S]*Cookie settings/,
    )
  })

  it('reads a page in an 8-bit encoding and refuses binary content named .html', async () => {
    const latin1 = Uint8Array.from(
      [...'<p>Caf']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xe9, 0x20],
          [...'au lait, cr'].map((c) => c.charCodeAt(0)),
          [0xe8, 0x6d, 0x65, 0x3c, 0x2f, 0x70, 0x3e],
        ),
    )
    const doc = await read(latin1, '/d/menu.htm')
    expect(doc.pages[0]!.text).toBe('Café au lait, crème')
    expect(
      await readError(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0, 0, 9]), '/d/x.html'),
    ).toMatchObject({
      code: 'DOC_BINARY',
    })
  })
})
