import { describe, expect, it } from 'vitest'
import type { ChunkRow } from './gather-candidates.js'
import { HybridSearch } from './hybrid-search.js'
import { proseNextTo, withTableContext } from './table-context-stage.js'
import { chunk, tempLibrary } from './test-library.js'
import { DEFAULT_TUNING, tuningWith } from './tuning.js'

const TABLE = [
  'Section db',
  '| variable | type | default |',
  '| --- | --- | --- |',
  '| formats | s | otf,ttf,ttc |',
  '| max-fonts | n | 2^51 |',
].join('\n')
const BEFORE = 'The db section sets up which kinds of font file the typeface scanner puts in its index.'
const AFTER = 'Colours are applied after line breaking unless another callback is chosen.'

const library = () =>
  tempLibrary({
    'luaotfload.pdf': [
      chunk(0, 'Configuration', BEFORE),
      chunk(1, 'Variables', TABLE),
      chunk(2, 'Colour', AFTER),
    ],
    'scanner.pdf': [
      chunk(
        0,
        'Scanning',
        'The scanner of typefaces reads every font file it finds and keeps an index of them.',
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        chunk(i + 1, `Other ${i}`, `Paper tray ${i} holds letter paper.`),
      ),
    ],
  })

describe('proseNextTo', () => {
  it('takes the running text on the table side, without table rows', () => {
    const text = 'First paragraph here.\n| a | b |\n| c | d |\nLast words of it.'
    expect(proseNextTo(text, true, 3)).toBe('words of it.')
    expect(proseNextTo(text, false, 2)).toBe('First paragraph')
  })
})

describe('withTableContext', () => {
  it('gives a passage holding a table the prose of its neighbours, and leaves running text alone', () => {
    const db = library()
    const rows = db
      .prepare(
        `SELECT c.id, c.document_id, c.ord, c.heading, c.text, c.stems, c.page_start, c.page_end, c.locator,
                d.path, d.title, d.format, 0 AS ocr
         FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path LIKE '%luaotfload%' ORDER BY c.ord`,
      )
      .all() as ChunkRow[]
    const out = withTableContext(db, rows, 100)
    expect(out[0]!.table_context).toBeUndefined()
    expect(out[2]!.table_context).toBeUndefined()
    expect(out[1]!.table_context).toBe(`${BEFORE} ${AFTER}`)
    expect(withTableContext(db, rows, 3)[1]!.table_context).toBe('in its index. Colours are applied')
  })
})

describe('a table asked for in the words written around it', () => {
  it('comes before running text elsewhere that shares those words', async () => {
    const question = 'Which kinds of font file does the typeface scanner index by default?'
    const order = async (tableContextWords: number) => {
      const tuning = tableContextWords ? DEFAULT_TUNING : tuningWith({ tableContextWords })
      const search = new HybridSearch({ db: library(), embedder: null, vectors: null, tuning })
      const texts = (await search.search(question, { k: 5 })).results.map((r) => r.text)
      return {
        table: texts.findIndex((t) => t.includes('| formats | s | otf,ttf,ttc |')),
        elsewhere: texts.findIndex((t) => t.startsWith('The scanner of typefaces')),
      }
    }
    const off = await order(0)
    expect(off.table).toBeGreaterThan(off.elsewhere)
    const on = await order(DEFAULT_TUNING.tableContextWords)
    expect(on.table).toBeGreaterThanOrEqual(0)
    expect(on.table).toBeLessThan(on.elsewhere)
  })
})
