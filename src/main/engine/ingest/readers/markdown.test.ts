import { describe, expect, it } from 'vitest'
import { blocks, locatorOf, read } from './readers-test-kit.js'

describe('Markdown reader', () => {
  it('reads ATX and setext headings, lists, code, tables and footnotes with their heading path', async () => {
    const md = [
      '# API reference',
      '',
      'Intro to the API: every method returns the same instance, so calls chain, and the arguments are',
      'parsed when argv is read; this reference lists the methods in alphabetical order.',
      '',
      '<a name="alias"></a>',
      '.alias(key, alias)',
      '------------------',
      '',
      'Set key names as equivalent.[^1] Updates to a key propagate to all of its aliases, and the other',
      'way round: whichever name is given on the command line, every alias holds the value afterwards.',
      '',
      '- one',
      '  - two',
      '',
      '```sh',
      'yargs --help',
      '```',
      '',
      '| flag | use |',
      '| --- | --- |',
      '| -h | help |',
      '',
      '[^1]: Aliases propagate.',
    ].join('\n')
    const doc = await read(md, '/d/api.md')
    expect(doc.format).toBe('markdown')
    expect(doc.title).toBe('API reference')
    const b = blocks(doc)
    expect(b).toContainEqual(['heading', '.alias(key, alias)'])
    expect(b).toContainEqual(['list-item', 'two'])
    expect(b).toContainEqual(['code', 'yargs --help'])
    expect(b).toContainEqual(['table-row', '-h | help'])
    expect(b).toContainEqual(['footnote', 'Aliases propagate.'])
    expect(locatorOf(doc, 'Set key names')).toBe('API reference > .alias(key, alias)')
  })
})

describe('Markdown reader, what is not text', () => {
  it('takes the title from YAML front matter and keeps the front matter out of the text', async () => {
    const md = [
      '---',
      'title: "Release notes"',
      'tags: [internal]',
      '---',
      '',
      '## Changes',
      '',
      'The archive format is now versioned, and older archives are read with a warning.',
    ].join('\n')
    const doc = await read(md, '/d/notes.md')
    expect(doc.title).toBe('Release notes')
    expect(blocks(doc)).toEqual([
      ['heading', 'Changes'],
      ['paragraph', 'The archive format is now versioned, and older archives are read with a warning.'],
    ])
  })

  it('reads HTML inside Markdown through the HTML path, without its scripts, navigation or tags', async () => {
    const md = [
      '# Guide',
      '',
      '<nav><a href="a.html">Previous</a> <a href="b.html">Next</a></nav>',
      '',
      '<div><p>Keep the <b>spare key</b> in the drawer.</p><script>alert(1)</script></div>',
      '',
      'Press <kbd>Ctrl</kbd>+<kbd>S</kbd> to save.',
      '',
      '> Quoted advice, with a footnote.[^n]',
      '',
      '[^n]: The note.',
    ].join('\n')
    const b = blocks(await read(md, '/d/guide.md'))
    expect(b).toContainEqual(['paragraph', 'Keep the spare key in the drawer.'])
    expect(b).toContainEqual(['paragraph', 'Press Ctrl+S to save.'])
    expect(b).toContainEqual(['quote', 'Quoted advice, with a footnote.'])
    expect(b).toContainEqual(['footnote', 'The note.'])
    const all = b.map(([, t]) => t).join('\n')
    expect(all).not.toMatch(/Previous|alert|<kbd>/)
  })
})
