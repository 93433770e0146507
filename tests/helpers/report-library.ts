// A real library for tests of what sits on top of search (the answerer, the CLI's ask/chat/
// conversations): real PDFs imported into a real SQLite library in a temp folder, searched by the
// real engine in keyword-only mode (deterministic, no model needed). Tests ask questions whose
// answers are on known pages instead of scripting what search returns.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Library } from '../../src/main/engine/library.js'
import { OpenLibrary } from '../../src/main/engine/open-library/open-library.js'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '../fixtures/pdf-factory.js'

/** Filler pages on unrelated subjects, so the known facts are the only good matches. */
const FILLER = [
  'The board met four times during the year and approved the new travel policy.',
  'Office leases in Antwerp and Lyon were renewed for five more years.',
  'The audit committee reviewed the pension scheme and found no issues.',
  'A new intranet replaced the old document archive in the spring.',
  'Staff surveys showed higher satisfaction with flexible working hours.',
  'The canteen switched to a local supplier for fruit and vegetables.',
]

const FILLER_HEADINGS = ['Governance', 'Premises', 'Audit', 'Systems', 'Staff survey', 'Catering']

type PageSpec = TextPdfSpec['pages'][number]

/** A page that opens its own numbered section (the chunker may still pack two short sections together). */
function sectionPage(n: number, heading: string, sentences: string[]): PageSpec {
  return { lines: [{ text: `${n} ${heading}`, size: 16 }, ...paragraphLines(sentences)] }
}

function fillerPage(n: number): PageSpec {
  const i = n % FILLER.length
  return sectionPage(n, FILLER_HEADINGS[i]!, [FILLER[i]!, FILLER[(i + 3) % FILLER.length]!])
}

/** The facts the fixture library holds, and where. */
export const REPORT_FACTS = {
  steel: {
    file: 'annual-report.pdf',
    page: 12,
    text: 'The Ghent plant produced 4,200 tonnes of steel in 2023. Output in 2022 was 3,900 tonnes.',
  },
  staff: {
    file: 'people.pdf',
    page: 3,
    text: 'The company employed 1,200 people at the end of 2023.',
  },
} as const

function reportSpec(): TextPdfSpec {
  return {
    title: 'Annual report',
    pages: Array.from({ length: 12 }, (_, i) =>
      i === 11 ? sectionPage(12, 'Production', [REPORT_FACTS.steel.text]) : fillerPage(i + 1),
    ),
  }
}

function peopleSpec(): TextPdfSpec {
  return {
    title: 'People',
    pages: Array.from({ length: 4 }, (_, i) =>
      i === 2 ? sectionPage(3, 'Head count', [REPORT_FACTS.staff.text]) : fillerPage(i + 1),
    ),
  }
}

export interface ReportLibrary {
  lib: Library
  /** The library's owner (its collections, conversations and answerer), as the CLI and the app hold it. */
  owner: OpenLibrary
  /** Absolute paths of the imported PDFs, by fixture name. */
  files: { report: string; people: string }
  /** Opens the same library again (after `lib.close()`), as a restarted process would. */
  reopen(): Promise<Library>
  /** Closes the library and removes its folder. */
  dispose(): Promise<void>
}

/**
 * Imports the annual report (12 pages, steel output on page 12) and the people report (4 pages,
 * head count on page 3) into a new library. Extra PDFs can be added as `{ name: spec }`.
 */
export async function reportLibrary(extra: Record<string, TextPdfSpec> = {}): Promise<ReportLibrary> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-report-'))
  const docs = path.join(root, 'docs')
  const libDir = path.join(root, 'library')
  fs.mkdirSync(docs)
  const specs: Record<string, TextPdfSpec> = {
    [REPORT_FACTS.steel.file]: reportSpec(),
    [REPORT_FACTS.staff.file]: peopleSpec(),
    ...extra,
  }
  for (const [name, spec] of Object.entries(specs))
    fs.writeFileSync(path.join(docs, name), await makeTextPdf(spec))
  let lib = await Library.open(libDir)
  let owner = OpenLibrary.over(lib)
  const report = await lib.ingest([docs])
  const failed = report.documents.filter((d) => d.status !== 'indexed')
  if (failed.length) throw new Error(`fixture import failed: ${JSON.stringify(failed)}`)
  return {
    get lib() {
      return lib
    },
    get owner() {
      if (owner.library !== lib) owner = OpenLibrary.over(lib)
      return owner
    },
    files: {
      report: path.join(docs, REPORT_FACTS.steel.file),
      people: path.join(docs, REPORT_FACTS.staff.file),
    },
    async reopen() {
      lib = await Library.open(libDir)
      return lib
    },
    async dispose() {
      await lib.close().catch(() => undefined)
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
}
