import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, read } from './readers-test-kit.js'

// Tables drawn with characters in text files, Markdown code blocks and HTML <pre>: one parser
// (tables/char-grid.ts) for every reader, each table a table of the model with its title as caption.

const DESCRIPTIVES = `                 Descriptives
+--------------------------------------+---------+--------+
|                                      |         |  Std.  |
|                                      |Statistic| Error  |
+--------------------------------------+---------+--------+
|Mean time between   Mean              |     8.78|    1.10|
|failures (months)  -------------------+---------+--------+
|                    95% CI     Lower  |     6.53|        |
|                    for Mean   Bound  |         |        |
|                   -------------------+---------+--------+
|                    Median            |     8.29|        |
+--------------------------------------+---------+--------+`

const MYSQL = `mysql> SELECT id, name, stock FROM parts;
+----+---------+-------+
| id | name    | stock |
+----+---------+-------+
|  1 | bolt    |   120 |
|  2 | washer  |    75 |
+----+---------+-------+
2 rows in set (0.00 sec)`

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'quire-char-grid-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Writes the file to the temp dir and reads it back through the reader registry. */
async function readFileAs(name: string, content: string) {
  const file = path.join(dir, name)
  await writeFile(file, content)
  return read(new Uint8Array(await readFile(file)), file)
}

const passages = (doc: { chunks: { text: string }[] }) => doc.chunks.map((c) => c.text).join('\n')

describe('tables drawn with characters in text', () => {
  it('reads a text file: the table under its title and header, the prose around it kept', async () => {
    const doc = await readFileAs(
      'pumps.txt',
      `Pump failures\n\nThe procedure printed this summary of the time between failures.\n\n${DESCRIPTIVES}\n\nThe median is below the mean.\n`,
    )
    const text = passages(doc)
    expect(text).toContain('Descriptives\n|  |  | Statistic | Std. Error |\n| --- | --- | --- | --- |')
    expect(text).toContain('| Mean time between failures (months) | Median | 8.29 |')
    expect(text).not.toContain('\\|')
    expect(blocks(doc)).toContainEqual(['paragraph', 'The median is below the mean.'])
    expect(blocks(doc).filter(([k]) => k === 'table-row')).toHaveLength(4)
  })

  it('reads a Markdown code block of MySQL output, the lines around the table kept as code', async () => {
    const doc = await readFileAs('parts.md', `# Stock\n\n\`\`\`\n${MYSQL}\n\`\`\`\n`)
    const text = passages(doc)
    expect(text).toContain(
      '| id | name | stock |\n| --- | --- | --- |\n| 1 | bolt | 120 |\n| 2 | washer | 75 |',
    )
    expect(blocks(doc)).toContainEqual(['code', 'mysql> SELECT id, name, stock FROM parts;'])
    expect(blocks(doc)).toContainEqual(['code', '2 rows in set (0.00 sec)'])
  })

  it('reads psql output and a grid table inside HTML <pre>', async () => {
    const psql = ` name  | price\n-------+-------\n apple |  0.50\n pear  |  0.75\n(2 rows)`
    const grid = `+--------+-------+\n| Key    | Value |\n+========+=======+\n| depth  | 3     |\n+--------+-------+\n| width  | 80    |\n+--------+-------+`
    const doc = await readFileAs(
      'psql.html',
      `<html><body><h1>Prices</h1><p>The query returns two rows.</p><pre>${psql}</pre><p>Settings:</p><pre>${grid}</pre></body></html>`,
    )
    const text = passages(doc)
    expect(text).toContain('| name | price |\n| --- | --- |\n| apple | 0.50 |\n| pear | 0.75 |')
    expect(text).toContain('| Key | Value |\n| --- | --- |\n| depth | 3 |\n| width | 80 |')
  })

  it('leaves prose and code with pipes as they were', async () => {
    const doc = await readFileAs(
      'pipes.txt',
      'Count the lines with sort | uniq -c | sort -n, then keep the top ten.\n\n    a | b\n    --+--\n\nNo table here.\n',
    )
    expect(blocks(doc).some(([k]) => k === 'table-row')).toBe(false)
    expect(passages(doc)).not.toContain('| --- |')
  })
})
