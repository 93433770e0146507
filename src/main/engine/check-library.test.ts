// Damaged databases are noticed and repaired (issue 9 item 8): one page of each table is
// overwritten in the file, as a bad sector or a torn write would.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { corruptLeafOf } from '@tests/helpers/corrupt-page.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { ConversationStore } from './chat/conversation-store.js'
import { checkLibrary, repairLibrary } from './check-library.js'
import { DB_FILE, Library } from './library.js'

const tempDir = useTempDirs()

async function library(): Promise<{ libDir: string; files: string[] }> {
  const docs = tempDir()
  const libDir = tempDir()
  const files: string[] = []
  for (let i = 0; i < 3; i++) {
    const file = path.join(docs, `doc-${i}.pdf`)
    fs.writeFileSync(file, await makeTextPdf(sampleTextSpec(`basalt column ${i} survey`, 6)))
    files.push(file)
  }
  const lib = await Library.open(libDir)
  await lib.ingest(files)
  await lib.close() // checkpoints the WAL into the database file
  return { libDir, files }
}

describe('library check and repair', () => {
  it('a sound library passes the quick check a writer runs and the full check', async () => {
    const { libDir, files } = await library()
    const lib = await Library.open(libDir)
    expect(lib.health).toBeNull()
    await lib.ingest(files)
    expect(lib.health).toEqual({ ok: true, kind: 'quick', problems: [] })
    expect(await checkLibrary(lib, { repair: false })).toMatchObject({ ok: true, problems: [] })
    await lib.close()
  })

  for (const table of ['documents', 'pages', 'chunks', 'chunks_fts_data', 'chunks_document']) {
    it(`a damaged page of ${table} is found, writing stops, and repair restores every document`, async () => {
      const { libDir, files } = await library()
      corruptLeafOf(path.join(libDir, DB_FILE), table)
      const lib = await Library.open(libDir)
      // Before the fix nothing checked: imports kept writing into the damaged file.
      if (table !== 'chunks_fts_data') {
        // Damaged pages: the writer's quick_check refuses before writing anything.
        await expect(lib.ingest(files)).rejects.toMatchObject({ code: 'LIBRARY_DAMAGED' })
        expect(lib.health).toMatchObject({ ok: false, kind: 'quick' })
      }
      // A damaged full-text index has well-formed pages: only the full check (FTS integrity-check) sees it.
      const found = await checkLibrary(lib, { repair: false })
      expect(found.ok).toBe(false)
      expect(found.problems.length).toBeGreaterThan(0)
      await expect(lib.ingest(files)).rejects.toMatchObject({ code: 'LIBRARY_DAMAGED' })
      await lib.close()

      const repaired = await repairLibrary(libDir)
      expect(repaired).toMatchObject({ ok: true, repaired: true, unrecoverable: [] })
      const after = await Library.open(libDir)
      expect((await checkLibrary(after, { repair: false })).ok).toBe(true)
      expect(after.documents().map((d) => d.status)).toEqual(['indexed', 'indexed', 'indexed'])
      for (let i = 0; i < 3; i++) {
        const r = await after.search(`basalt column ${i} survey`, { k: 3 })
        expect(r.results[0]?.file).toBe(files[i])
      }
      await after.close()
    })
  }

  it('a damaged page of messages is found and repaired; the documents and conversations stay', async () => {
    const { libDir, files } = await library()
    let lib = await Library.open(libDir)
    const conversations = new ConversationStore(lib.db)
    for (let c = 0; c < 3; c++) {
      const { id } = conversations.create(`Conversation ${c}`)
      for (let m = 0; m < 6; m++)
        conversations.addMessage({
          conversationId: id,
          role: m % 2 ? 'assistant' : 'user',
          text: `message ${m} `.repeat(40),
        })
    }
    await lib.close()
    corruptLeafOf(path.join(libDir, DB_FILE), 'messages')
    lib = await Library.open(libDir)
    expect((await checkLibrary(lib, { repair: false })).ok).toBe(false)
    await lib.close()
    expect(await repairLibrary(libDir)).toMatchObject({ ok: true, repaired: true, unrecoverable: [] })
    lib = await Library.open(libDir)
    expect(
      lib
        .documents()
        .map((d) => d.path)
        .sort(),
    ).toEqual([...files].sort())
    expect(
      new ConversationStore(lib.db)
        .list()
        .map((c) => c.title)
        .sort(),
    ).toEqual(['Conversation 0', 'Conversation 1', 'Conversation 2'])
    await lib.close()
  })
})
