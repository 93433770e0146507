import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { deadOllamaUrl } from '@tests/fake-ollama/index.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()

async function folders() {
  const root = tempDir()
  const made: Record<string, string> = {}
  for (const topic of ['glaciers', 'volcanoes']) {
    const dir = path.join(root, topic)
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, `${topic}.pdf`), await makeTextPdf(sampleTextSpec(topic, 2)))
    made[topic] = dir
  }
  return { ...made, lib: path.join(root, 'library') } as { glaciers: string; volcanoes: string; lib: string }
}

describe('quire with collections', () => {
  it('ingest --collection makes the collection; search, ask and docs --collection stay inside it', async () => {
    const f = await folders()
    const none = ['--model-dir', 'none']
    const first = await cli('ingest', f.glaciers, '--library', f.lib, ...none, '--collection', 'Case 14')
    expect(first.code).toBe(0)
    expect(first.out).toContain('Collection "Case 14": 1 document')
    const json = await cli(
      'ingest',
      f.volcanoes,
      '--library',
      f.lib,
      ...none,
      '--collection',
      'Case 15',
      '--json',
    )
    expect(JSON.parse(json.out).collection).toEqual({ name: 'Case 15', documents: 1 })

    const listed = await cli('collections', '--library', f.lib, '--json')
    expect(JSON.parse(listed.out).collections).toMatchObject([
      { name: 'Case 14', documents: 1 },
      { name: 'Case 15', documents: 1 },
    ])
    const docs = await cli('docs', '--library', f.lib, '--collection', 'case 14')
    expect(docs.out).toContain('glaciers.pdf')
    expect(docs.out).not.toContain('volcanoes.pdf')

    const searched = await cli(
      'search',
      'volcanoes',
      '--library',
      f.lib,
      ...none,
      '--collection',
      'Case 14',
      '--json',
    )
    const hits = JSON.parse(searched.out)
    expect(hits.scope).toBe('Searched Case 14: 1 document')
    expect(hits.results.every((h: { file: string }) => h.file.endsWith('glaciers.pdf'))).toBe(true)

    const url = await deadOllamaUrl()
    const asked = await cli(
      'ask',
      'What does the section on glaciers describe?',
      '--library',
      f.lib,
      ...none,
      '--collection',
      'Case 14',
      '--ollama-url',
      url,
      '--json',
    )
    expect(asked.code).toBe(0)
    const answer = JSON.parse(asked.out)
    expect(answer.scope).toEqual({
      kind: 'collection',
      text: 'Searched Case 14: 1 document',
      collection: 'Case 14',
      documents: 1,
      files: [],
    })
    expect(answer.sources.every((s: { file: string }) => s.file.endsWith('glaciers.pdf'))).toBe(true)
    // A conversation searches its own collection: another one named with it is refused, with what to do.
    const wrong = await cli(
      'ask',
      'And the next section?',
      '--library',
      f.lib,
      ...none,
      '--conversation',
      String(answer.conversation_id),
      '--collection',
      'Case 15',
      '--ollama-url',
      url,
    )
    expect(wrong.code).toBe(2)
    expect(wrong.err).toMatch(/searches the collection "Case 14", not "Case 15"/)
  })

  it('renames and deletes collections, keeping their documents, and names the ones there are', async () => {
    const f = await folders()
    await cli('ingest', f.glaciers, '--library', f.lib, '--model-dir', 'none', '--collection', 'Case 14')
    expect((await cli('collections', 'rename', 'Case 14', 'Case 14 (Lyon)', '--library', f.lib)).out).toBe(
      'Renamed "Case 14" to "Case 14 (Lyon)".\n',
    )
    const missing = await cli(
      'search',
      'glaciers',
      '--library',
      f.lib,
      '--model-dir',
      'none',
      '--collection',
      'Case 14',
    )
    expect(missing.code).toBe(1)
    expect(missing.err).toContain(
      'There is no collection "Case 14" in this library. Its collections: "Case 14 (Lyon)".',
    )
    expect(missing.err).toContain('[COLLECTION_NOT_FOUND]')
    expect((await cli('collections', 'delete', 'Case 14 (Lyon)', '--library', f.lib)).out).toBe(
      'Deleted the collection "Case 14 (Lyon)"; its 1 document stays in the library.\n',
    )
    expect((await cli('docs', '--library', f.lib)).out).toContain('glaciers.pdf')
    const bad = await cli('collections', 'rename', 'only-one', '--library', f.lib)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('quire collections rename takes 2 names')
    const empty = await cli(
      'ingest',
      f.volcanoes,
      '--library',
      f.lib,
      '--model-dir',
      'none',
      '--collection',
      ' ',
    )
    expect(empty.code).toBe(1)
    expect(empty.err).toContain('[COLLECTION_NAME_INVALID]')
  })
})
