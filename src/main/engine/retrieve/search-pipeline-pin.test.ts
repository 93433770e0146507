// Pins what search returns with every optional stage off (no reranker, no query help): keyword-only
// and hybrid responses on a real small library, byte for byte. The snapshot was written by the
// search before its stages became a declared list (search-stages.ts); a change that moves it is a
// change of retrieval, to be measured and the snapshot updated on purpose (vitest -u).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import type { SearchOptions } from '@shared/library-types.js'
import { Library } from '../library.js'

const tempDir = useTempDirs()

const DOCS: Record<string, string> = {
  'garden.md': `# Growing tomatoes

## Soil and sun
Tomatoes need at least six hours of direct sun a day and a loose soil rich in compost. Test the soil pH:
between 6.2 and 6.8 suits them best. Add lime to raise it, sulphur to lower it.

## Watering
Water deeply twice a week rather than a little every day, at the base of the plant. Uneven watering
causes blossom end rot and split fruit.

## Pests
Aphids and whitefly gather under the leaves; a jet of water removes most of them. Hornworms are best
picked off by hand in the evening.
`,
  'bread.md': `# Baking sourdough bread

## The starter
A starter is flour and water fermented by wild yeast and lactic bacteria. Feed it equal weights of flour
and water every twelve hours at room temperature until it doubles within six hours.

## Dough and proofing
Mix 500 g flour, 350 g water, 100 g starter and 10 g salt. Fold the dough every half hour for two hours,
then proof it overnight in the refrigerator.

## Baking
Bake in a covered pot at 250 degrees for twenty minutes, then uncovered at 230 degrees until the crust is
deep brown. Let the loaf cool for an hour before cutting.
`,
  'network.md': `# Configuring the office network

## Addresses
The router hands out addresses from 192.168.1.100 to 192.168.1.199 by DHCP. Printers and the file
server keep fixed addresses below 100.

## Wireless
The guest network is isolated from the office network. Its password changes on the first Monday of
every month and is posted at reception.

## Backups
The file server copies every shared folder to the backup disk at 02:00 each night; seven daily and four
weekly copies are kept.
`,
  'finance.md': `# Travel expense policy

## What is refunded
Train tickets in second class, economy flights for trips over four hours, and hotel rooms up to 150
euros a night. Taxis only when no public transport runs.

## Claims
Submit receipts within 30 days of the trip through the expense form. Claims without receipts are
refunded only up to 20 euros.
`,
}

const QUERIES: [string, SearchOptions][] = [
  ['How often should tomatoes be watered?', {}],
  ['what pH does the soil need', { k: 3 }],
  ['How long does sourdough proof?', {}],
  ['When is the guest wifi password changed?', {}],
  ['How many backup copies are kept?', { k: 5 }],
  ['hotel room limit per night', {}],
  ['What is the capital of Mongolia?', {}],
  ['and the crust?', { context: ['How long do I bake sourdough bread?'] }],
  ['receipts deadline', { minCoverage: 0.9 }],
  ['water', { k: 8 }],
]

async function responses(lib: Library, dir: string, scoped: number[]): Promise<string> {
  const out = []
  for (const [query, opts] of QUERIES) out.push(await lib.search(query, opts))
  out.push(await lib.search('When is the bread baked uncovered?', { documentIds: scoped }))
  // Paths hold the temp folder: only the file name is the library's.
  return JSON.stringify(out, null, 1).replaceAll(dir, '<docs>') + '\n'
}

describe('search with every optional stage off', () => {
  it('answers keyword-only and hybrid searches as the pinned snapshot', async () => {
    const docs = tempDir()
    const libDir = path.join(tempDir(), 'lib')
    for (const [name, text] of Object.entries(DOCS)) fs.writeFileSync(path.join(docs, name), text)
    const files = Object.keys(DOCS).map((n) => path.join(docs, n))

    const hybrid = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    await hybrid.ingest(files)
    expect(hybrid.mode).toBe('hybrid')
    const bread = hybrid.documents().find((d) => d.path.endsWith('bread.md'))!.id
    const hybridOut = await responses(hybrid, docs, [bread])
    await hybrid.close()

    const keyword = await Library.open(libDir, { modelDir: null })
    expect(keyword.mode).toBe('keyword')
    const keywordOut = await responses(keyword, docs, [bread])
    await keyword.close()

    await expect(hybridOut).toMatchFileSnapshot('__snapshots__/search-pipeline-hybrid.json')
    await expect(keywordOut).toMatchFileSnapshot('__snapshots__/search-pipeline-keyword.json')
  })
})
