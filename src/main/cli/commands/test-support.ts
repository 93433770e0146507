import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SearchHit, SearchOptions, SearchResponse } from '../../../shared/library-types.js'
import { openDatabase, type Db } from '../../engine/store/open-database.js'
import type { CommandIo } from './ask.js'

export const HITS: SearchHit[] = [
  {
    rank: 1,
    chunkId: 11,
    chunkIds: [11],
    documentId: 1,
    file: '/lib/annual-report.pdf',
    title: 'Annual report',
    pages: [12],
    text: 'The Ghent plant produced 4,200 tonnes of steel in 2023. Output in 2022 was 3,900 tonnes.',
    score: 0.9,
    matchedTerms: ['steel'],
    heading: null,
  },
  {
    rank: 2,
    chunkId: 12,
    chunkIds: [12],
    documentId: 2,
    file: '/lib/people.pdf',
    title: 'People',
    pages: [3, 4],
    text: 'The company employed 1,200 people at the end of 2023.',
    score: 0.5,
    matchedTerms: [],
    heading: null,
  },
]

/** A library handle for command tests: a real SQLite file and a scripted search. */
export function testLibrary(respond: (q: string, o: SearchOptions) => Partial<SearchResponse> = () => ({})) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-cli-'))
  const file = join(dir, 'library.db')
  const calls: { query: string; opts: SearchOptions }[] = []
  const handle = {
    db: openDatabase(file) as Db,
    search: async (query: string, opts: SearchOptions = {}): Promise<SearchResponse> => {
      calls.push({ query, opts })
      return { query, mode: 'hybrid', declined: false, results: HITS, ...respond(query, opts) }
    },
    close() {
      handle.db.close()
    },
  }
  return {
    handle,
    calls,
    file,
    reopen() {
      handle.db.close()
      handle.db = openDatabase(file)
    },
    dispose() {
      if (handle.db.open) handle.db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export function captureIo(): CommandIo & { out: () => string; err: () => string; interrupts: EventEmitter } {
  let out = ''
  let err = ''
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    interrupts: new EventEmitter(),
    out: () => out,
    err: () => err,
  }
}
