import { describe, expect, it } from 'vitest'
import { makeDocx, makeOdt } from '@tests/fixtures/office-factory.js'
import { blocks, locatorOf, read } from './readers-test-kit.js'

// Tables inside documents (HTML, Word, OpenDocument text, Markdown) use the table model: passages
// of whole rows under the caption and the header, laid into the reader view's text as table rows.

const prose = (topic: string) =>
  Array.from({ length: 4 }, (_, i) => `Sentence ${i + 1} about ${topic} gives the section some body.`).join(
    ' ',
  )

describe('tables in documents', () => {
  it('reads an HTML table with its caption, header and spanning cells into passages of whole rows', async () => {
    const rows = Array.from(
      { length: 60 },
      (_, i) =>
        `<tr><td>opt${i}</td><td>${i % 2 ? 'yes' : 'no'}</td><td>Sets option number ${i} of the tool.</td></tr>`,
    ).join('')
    const html = `<html><body><h1>Options</h1><p>${prose('options')}</p>
      <table><caption>Table 1: Tool options</caption>
        <thead><tr><th rowspan="2">Name</th><th colspan="2">Behaviour</th></tr><tr><th>Default</th><th>Effect</th></tr></thead>
        <tbody>${rows}</tbody></table><p>${prose('the end')}</p></body></html>`
    const doc = await read(html, '/d/options.html')
    const passages = doc.chunks.filter((c) => c.text.includes('| --- |'))
    expect(passages.length).toBeGreaterThan(1)
    for (const p of passages)
      expect(
        p.text.startsWith(
          'Table 1: Tool options\n| Name | Behaviour / Default | Behaviour / Effect |\n| --- | --- | --- |\n',
        ),
      ).toBe(true)
    // Every row once, whole.
    const body = passages.flatMap((p) => p.text.split('\n').filter((l) => l.startsWith('| opt')))
    expect(body).toHaveLength(60)
    expect(body[59]).toBe('| opt59 | yes | Sets option number 59 of the tool. |')
    expect(locatorOf(doc, '| opt59 |')).toBe('Options')
    // The reader view still sees the caption and one table row per row.
    expect(blocks(doc)).toContainEqual(['paragraph', 'Table 1: Tool options'])
    expect(blocks(doc)).toContainEqual(['table-row', 'opt3 | yes | Sets option number 3 of the tool.'])
    // The prose around the table stays prose.
    expect(doc.chunks.some((c) => c.text.startsWith('Sentence 1 about the end'))).toBe(true)
  })

  it('takes a short title above a table, or a numbered caption below it, as its caption', async () => {
    const rows = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `<tr><td>k${i}</td><td>value number ${i} of the list</td></tr>`,
      ).join('')
    const html = `<html><body><h1>Keys</h1><p>${prose('keys')}</p><p>Key Register Layout</p>
      <table><tr><th>Key</th><th>Value</th></tr>${rows(40)}</table>
      <p>${prose('between')}</p><table><tr><th>Code</th><th>Meaning</th></tr>${rows(40)}</table><p>Table 2: Codes and meanings.</p></body></html>`
    const doc = await read(html, '/d/keys.html')
    const captions = doc.chunks.filter((c) => c.text.includes('| --- |')).map((c) => c.text.split('\n')[0])
    expect(new Set(captions)).toEqual(new Set(['Key Register Layout', 'Table 2: Codes and meanings.']))
  })

  it('reads a table that lays out a page as its text, not as a table of data', async () => {
    const html = `<html><body><table><tr><td><h2>Menu</h2><ul><li>Home</li></ul></td><td><p>${prose('layout')}</p></td></tr></table></body></html>`
    const doc = await read(html, '/d/layout.html')
    expect(doc.chunks.some((c) => c.text.includes('| --- |'))).toBe(false)
    expect(doc.chunks.some((c) => c.text.includes('Sentence 1 about layout'))).toBe(true)
    // However deep in the cell the layout sits.
    const deep = `<html><body><table><tr><th>Step</th><th>How</th></tr><tr><td>Build</td><td><div><span><pre>make all</pre></span></div></td></tr></table><p>${prose('deep')}</p></body></html>`
    const deepDoc = await read(deep, '/d/deep.html')
    expect(deepDoc.chunks.some((c) => c.text.includes('| --- |'))).toBe(false)
    expect(deepDoc.chunks.some((c) => c.text.includes('make all'))).toBe(true)
  })

  it('reads a small Word table whose first row names its columns whole, under that header, with the text around it', async () => {
    const doc = await read(
      makeDocx([
        { heading: 'Commands', level: 1 },
        { p: prose('commands') },
        {
          table: [
            ['Command', 'Effect'],
            ['git fetch', 'Downloads objects'],
            ['git push', 'Uploads objects'],
          ],
        },
      ]),
      '/d/commands.docx',
    )
    const p = doc.chunks.find((c) => c.text.includes('git push'))!
    // A table that fits one passage reads on after the paragraph that introduces it.
    expect(p.text).toBe(
      `Commands\n${prose('commands')}\n| Command | Effect |\n| --- | --- |\n| git fetch | Downloads objects |\n| git push | Uploads objects |`,
    )
    expect(locatorOf(doc, 'git push')).toBe('Commands')
  })

  it("takes a Word table's header from the rows it repeats on each page, a merged cell over its columns", async () => {
    const cell = (t: string, span = 1) =>
      `<w:tc>${span > 1 ? `<w:tcPr><w:gridSpan w:val="${span}"/></w:tcPr>` : ''}<w:p><w:r><w:t>${t}</w:t></w:r></w:p></w:tc>`
    const head = (cells: string) => `<w:tr><w:trPr><w:tblHeader/></w:trPr>${cells}</w:tr>`
    const body = Array.from(
      { length: 80 },
      (_, i) => `<w:tr>${cell(`Site ${i}`)}${cell(String(i))}${cell(String(i * 2))}</w:tr>`,
    )
    const doc = await read(
      makeDocx([
        { heading: 'Survey', level: 1 },
        {
          raw: `<w:tbl>${head(cell('Site') + cell('Counts', 2))}${head(cell('') + cell('2023') + cell('2024'))}${body.join('')}</w:tbl>`,
        },
      ]),
      '/d/survey.docx',
    )
    const passages = doc.chunks.filter((c) => c.text.includes('| --- |'))
    expect(passages.length).toBeGreaterThan(1)
    for (const p of passages)
      expect(p.text.startsWith('| Site | Counts / 2023 | Counts / 2024 |\n| --- | --- | --- |\n')).toBe(true)
    expect(passages.at(-1)!.text.endsWith('| Site 79 | 79 | 158 |')).toBe(true)
    // The heading above the table names its passages; it is no passage of its own.
    expect(doc.chunks.map((c) => c.text)).not.toContain('Survey')
    expect(passages[0]!.heading).toBe('Survey')
  })

  it('reads OpenDocument and Markdown tables the same way', async () => {
    const odt = await read(
      makeOdt([
        { heading: 'Flags', level: 1 },
        { p: prose('flags') },
        {
          table: [
            ['Flag', 'Meaning'],
            ['re.I', 'ignore case'],
          ],
        },
      ]),
      '/d/flags.odt',
    )
    expect(odt.chunks.find((c) => c.text.includes('re.I'))!.text).toContain(
      '\n| Flag | Meaning |\n| --- | --- |\n| re.I | ignore case |',
    )
    const md = await read(
      `# CLI\n\n${prose('the cli')}\n\n| Flag | Help |\n| --- | --- |\n| -h | help |\n| -v | verbose |\n`,
      '/d/cli.md',
    )
    expect(md.chunks.find((c) => c.text.includes('-h'))!.text).toContain(
      '\n| Flag | Help |\n| --- | --- |\n| -h | help |\n| -v | verbose |',
    )
    expect(blocks(md)).toContainEqual(['table-row', '-h | help'])
  })
})
