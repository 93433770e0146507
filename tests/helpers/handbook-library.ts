// A real library holding one longer structured PDF, for the summary tests: a 24-page handbook in
// six chapters whose every page states its own facts, so where each summary sentence came from can
// be checked against the page it cites. Imported by the real pipeline in keyword-only mode.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { Library } from '../../src/main/engine/library.js'
import { echoSourcesReply, startFakeOllama, type FakeOllama } from '../fake-ollama/index.js'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '../fixtures/pdf-factory.js'
import { useTempDirs } from './temp-dir.js'

export const HANDBOOK_FILE = 'pump-handbook.pdf'
export const HANDBOOK_PAGES = 24

const CHAPTERS = ['Installation', 'Cooling loop', 'Pressure control', 'Maintenance', 'Alarms', 'Shutdown']
const PARTS = ['valve', 'gasket', 'filter', 'bearing', 'sensor', 'impeller', 'manifold', 'coupling']

/** The sentence that opens page `page` (1-based): unique to it, so an echoed sentence names its page. */
export function handbookFact(page: number): string {
  const part = PARTS[page % PARTS.length]!
  return `On page ${page} the ${part} of unit ${page * 7} is checked every ${page + 2} days by the duty engineer.`
}

export function handbookSpec(): TextPdfSpec {
  return {
    title: 'Pump station handbook',
    pages: Array.from({ length: HANDBOOK_PAGES }, (_, i) => {
      const page = i + 1
      const chapter = Math.floor(i / 4)
      const opens = i % 4 === 0
      const filler = Array.from(
        { length: 10 },
        (_, j) =>
          `The ${CHAPTERS[chapter]!.toLowerCase()} procedure step ${j + 1} for unit ${page * 7} is recorded in the station log with the time and the operator name.`,
      )
      return {
        lines: [
          ...(opens ? [{ text: `${chapter + 1} ${CHAPTERS[chapter]}`, size: 16 }] : []),
          ...paragraphLines([handbookFact(page), ...filler]),
        ],
      }
    }),
  }
}

/** Writes the handbook into `root`/docs and imports it into `root`/library. */
export async function handbookLibrary(root: string): Promise<{ lib: Library; file: string; libDir: string }> {
  const docs = path.join(root, 'docs')
  const libDir = path.join(root, 'library')
  fs.mkdirSync(docs, { recursive: true })
  const file = path.join(docs, HANDBOOK_FILE)
  fs.writeFileSync(file, await makeTextPdf(handbookSpec()))
  const lib = await Library.open(libDir)
  const report = await lib.ingest([file])
  const failed = report.documents.filter((d) => d.status !== 'indexed')
  if (failed.length) throw new Error(`handbook import failed: ${JSON.stringify(failed)}`)
  return { lib, file, libDir }
}

/** The model the fake Ollama plays for the summary tests: a 4k context, so the handbook takes several calls. */
export const ECHO_MODEL = 'small:4k'

export interface HandbookWithEchoModel {
  /** The fake Ollama playing ECHO_MODEL, which echoes the first sentence of each numbered source. */
  fake: FakeOllama
  /** The handbook library, open. */
  lib: Library
}

/**
 * Before each test a fresh handbook library and a fake Ollama playing ECHO_MODEL; after it both are
 * closed. The fields are filled by the time a test (or a later beforeEach) runs.
 */
export function useHandbookWithEchoModel(): HandbookWithEchoModel {
  const tempDir = useTempDirs()
  const env = {} as HandbookWithEchoModel
  beforeEach(async () => {
    env.fake = await startFakeOllama({
      models: [{ name: ECHO_MODEL, contextLength: 4096 }],
      chat: (body) => echoSourcesReply(body),
    })
    env.lib = (await handbookLibrary(tempDir())).lib
  })
  afterEach(async () => {
    await env.lib.close()
    await env.fake.close()
  })
  return env
}
