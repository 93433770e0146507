// Two versions of one handbook (most text shared; the tides page changed) in a real library, for
// comparisons: the answerer's tests and the end-to-end test read the same facts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Library } from '../../src/main/engine/library.js'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '../fixtures/pdf-factory.js'

/** The pages both versions share, and the tides page of each: page 3 changed. */
const SHARED: [string, string[]][] = [
  [
    'Opening hours',
    [
      'The harbour office opens at seven in the morning and closes at six in the evening.',
      'Visitors report to the office before mooring.',
    ],
  ],
  [
    'Pilots',
    [
      'Pilots board incoming ships at the outer buoy.',
      'A pilot is required for every vessel longer than forty metres.',
    ],
  ],
  [
    'Fees',
    [
      'Mooring fees are paid at the harbour office by card or in cash.',
      'Fishing boats registered in the harbour pay no mooring fee.',
    ],
  ],
]

export const VERSION_FACTS = {
  old: {
    file: 'harbour-2023.pdf',
    title: 'Harbour handbook 2023',
    tides: 'The spring tide reaches 4.2 metres at the harbour wall. Tide tables are posted weekly.',
  },
  new: {
    file: 'harbour-2024.pdf',
    title: 'Harbour handbook 2024',
    tides:
      'The spring tide reaches 4.5 metres at the harbour wall. Tide tables are posted daily since the new tide gauge was installed.',
  },
  /** Only in the newer version, on its page 5. */
  quays: [
    'A new quay for ferries opened on the north side of the harbour in May.',
    'Ferries berth at the new quay from April to October.',
  ],
  /** The page that differs between the two. */
  tidesPage: 3,
} as const

/**
 * A handbook version. The newer one also adds a page: a version with the same page count and
 * nearly the same text would be taken for a re-saved copy of the other and skipped on import
 * (docs/duplicates.md).
 */
export function handbookVersion(title: string, tides: string, added: string[] = []): TextPdfSpec {
  // Each page long enough to be a passage of its own, so a citation names one page.
  const filler = (heading: string) =>
    Array.from(
      { length: 9 },
      (_, j) =>
        `The ${heading.toLowerCase()} rule ${j + 1} of the harbour master applies to every vessel in the basin and is read out at the weekly ${heading.toLowerCase()} meeting.`,
    )
  const page = (heading: string, n: number, sentences: string[]) => ({
    lines: [{ text: `${n} ${heading}`, size: 16 }, ...paragraphLines([...sentences, ...filler(heading)])],
  })
  return {
    title,
    pages: [
      page(SHARED[0]![0], 1, SHARED[0]![1]),
      page(SHARED[1]![0], 2, SHARED[1]![1]),
      page('Tides', 3, [tides]),
      page(SHARED[2]![0], 4, SHARED[2]![1]),
      ...(added.length ? [page('Quays', 5, added)] : []),
    ],
  }
}

export interface VersionsLibrary {
  lib: Library
  files: { old: string; new: string }
  ids: { old: number; new: number }
  dispose(): Promise<void>
}

/** Imports both versions (plus any extra PDFs) into a new library in a temp folder. */
export async function versionsLibrary(extra: Record<string, TextPdfSpec> = {}): Promise<VersionsLibrary> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-versions-'))
  const docs = path.join(root, 'docs')
  fs.mkdirSync(docs)
  const specs: Record<string, TextPdfSpec> = {
    [VERSION_FACTS.old.file]: handbookVersion(VERSION_FACTS.old.title, VERSION_FACTS.old.tides),
    [VERSION_FACTS.new.file]: handbookVersion(VERSION_FACTS.new.title, VERSION_FACTS.new.tides, [
      ...VERSION_FACTS.quays,
    ]),
    ...extra,
  }
  for (const [name, spec] of Object.entries(specs))
    fs.writeFileSync(path.join(docs, name), await makeTextPdf(spec))
  const lib = await Library.open(path.join(root, 'library'))
  const report = await lib.ingest([docs])
  if (report.documents.some((d) => d.status !== 'indexed'))
    throw new Error(`fixture import failed: ${JSON.stringify(report.documents)}`)
  const files = { old: path.join(docs, VERSION_FACTS.old.file), new: path.join(docs, VERSION_FACTS.new.file) }
  const idOf = (file: string) => lib.documents().find((d) => d.path === file)!.id
  return {
    lib,
    files,
    ids: { old: idOf(files.old), new: idOf(files.new) },
    async dispose() {
      await lib.close().catch(() => undefined)
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
}
