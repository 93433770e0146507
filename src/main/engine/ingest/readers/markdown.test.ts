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
