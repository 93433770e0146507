import fs from 'node:fs'
import readline from 'node:readline'
import { z } from 'zod'
import { declineReason } from '@shared/decline-reason.js'
import { alsoInLabel, sourceLabel } from '@shared/labels.js'
import { stageNoteLine } from '@shared/stage-notes.js'
import type { SearchResponse } from '@shared/library-types.js'
import { QuireError } from '@shared/errors.js'
import type { OpenLibrary } from '../../engine/open-library/open-library.js'
import { scopeLine, type AnswerScope, type SearchScope } from '@shared/search-scope.js'
import { withReadLibrary } from '../read-library.js'
import { printedPageLabels } from '../../engine/store/printed-page-labels.js'
import type { Io } from '../output.js'
import { printJson } from '../output.js'
import { forTerminal } from '../terminal-text.js'

export interface SearchCommandOptions {
  library: string
  /** null: keyword-only (`--model-dir none`). */
  modelDir: string | null
  /** The cross-encoder folder (`--reranker`); null: no reranking. */
  rerankerDir?: string | null
  /** The bundled build's path of the import's worker script, which also runs the reranker's threads. */
  workerUrl?: string
  k: number
  context: string[]
  queries?: string
  /** `--collection NAME`: search only that collection's documents. */
  collection?: string
  json: boolean
}

const QueryLine = z.object({
  id: z.union([z.string(), z.number()]),
  query: z.string(),
  context: z.array(z.string()).default([]),
})

/** The CLI's JSON shape for one search (the evaluation contract). */
export function searchJson(r: SearchResponse & { scope?: AnswerScope }) {
  return {
    query: r.query,
    // Only for a scoped search (--collection): what was searched.
    ...(r.scope && r.scope.kind !== 'library' ? { scope: scopeLine(r.scope) } : {}),
    mode: r.mode,
    declined: r.declined,
    ...(r.decision ? { decision: r.decision } : {}),
    // Only when an optional stage ran (reranking, query help): what it did.
    ...(r.stages ? { stages: r.stages } : {}),
    results: r.results.map((h) => ({
      rank: h.rank,
      file: h.file,
      pages: h.pages,
      text: h.text,
      score: h.score,
      // Only on passages of documents without pages (Word, HTML, …): where in the document they are.
      ...(h.locator ? { locator: h.locator } : {}),
      // Only on passages from OCR'd pages: their text may misread letters or digits.
      ...(h.ocr ? { ocr: true } : {}),
      // Only when other files hold the same passage (docs/duplicates.md): their paths.
      ...(h.alsoIn?.length ? { also_in: h.alsoIn.map((d) => d.file) } : {}),
    })),
  }
}

export async function searchCommand(
  question: string | undefined,
  opts: SearchCommandOptions,
  io: Io,
): Promise<number> {
  if (!opts.queries && !question) {
    io.stderr.write('quire search: give a question, or --queries FILE.jsonl\n')
    return 2
  }
  if (opts.queries) assertQueriesFile(opts.queries)
  // Read-only, and a library on a read-only disk can be searched: a search never writes the vector
  // index (an import may be saving it meanwhile), but rebuilds a lost one once, when no import runs
  // and the folder can be written (read-library.ts).
  const search = async (owner: OpenLibrary) => {
    const scope: SearchScope = opts.collection
      ? { kind: 'collection', collectionId: owner.collections.requireByName(opts.collection).id }
      : { kind: 'library' }
    if (opts.queries) return await batch(owner, scope, opts, io)
    const r = await owner.search(question!, { k: opts.k, context: opts.context, scope })
    if (opts.json) printJson(io, searchJson(r))
    else printHuman(r, owner, io)
    return 0
  }
  return withReadLibrary(opts.library, opts.modelDir, io, search, {
    readOnlyFolder: true,
    rerankerDir: opts.rerankerDir ?? null,
    workerUrl: opts.workerUrl,
  })
}

/** The --queries file is checked before the library is opened: a mistyped name says so. */
function assertQueriesFile(file: string): void {
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat)
    throw new QuireError(
      'QUERIES_NOT_FOUND',
      `--queries ${file}: there is no such file. Give a JSONL file of {"id","query","context"} lines.`,
    )
  if (!stat.isFile())
    throw new QuireError('QUERIES_NOT_FOUND', `--queries ${file} is a folder, not a JSONL file of queries.`)
  try {
    fs.accessSync(file, fs.constants.R_OK)
  } catch {
    throw new QuireError('QUERIES_UNREADABLE', `--queries ${file} cannot be read (permission denied).`)
  }
}

async function batch(
  owner: OpenLibrary,
  scope: SearchScope,
  opts: SearchCommandOptions,
  io: Io,
): Promise<number> {
  const rl = readline.createInterface({ input: fs.createReadStream(opts.queries!), crlfDelay: Infinity })
  let lineNo = 0
  let bad = 0
  for await (const line of rl) {
    lineNo++
    if (!line.trim()) continue
    let parsed
    try {
      parsed = QueryLine.parse(JSON.parse(line))
    } catch (err) {
      bad++
      io.stderr.write(
        `${opts.queries}:${lineNo}: not a query line (${err instanceof Error ? err.message.split('\n')[0] : err})\n`,
      )
      continue
    }
    const r = await owner.search(parsed.query, { k: opts.k, context: parsed.context, scope })
    printJson(io, { id: parsed.id, ...searchJson(r) })
  }
  return bad > 0 ? 1 : 0
}

/**
 * Each passage cited as `ask` and the app cite it (file, printed page labels with the PDF's own
 * numbers). Ranking scores are internal: only --json carries them.
 */
function printHuman(r: SearchResponse & { scope: AnswerScope }, owner: OpenLibrary, io: Io): void {
  const why = declineReason(r.decision)
  const lib = owner.library
  if (r.scope.kind !== 'library') io.stdout.write(`${forTerminal(scopeLine(r.scope))}\n`)
  // Not sure (decide.ts): an answer would leave it to the model, which may say "not found".
  const unsure = r.decision?.doubtful ? declineReason({ ...r.decision, declined: true }) : null
  io.stdout.write(
    `Mode: ${r.mode}${r.declined ? ` — nothing in the ${r.scope.kind === 'library' ? 'library' : 'documents searched'} seems to answer this${why ? ` (${why.replace(/\.$/, '')})` : ''}; nearest passages:` : ''}${unsure ? ` — these passages may not answer (${unsure.replace(/\.$/, '')})` : ''}\n`,
  )
  for (const note of r.stages ?? []) io.stdout.write(`${forTerminal(stageNoteLine(note))}\n`)
  io.stdout.write('\n')
  for (const h of r.results) {
    const also = alsoInLabel(h.alsoIn)
    const where = `${sourceLabel({ ...h, pageLabels: printedPageLabels(lib.db, h.documentId, h.pages) })}${also ? ` (${also})` : ''}`
    const text = forTerminal(h.text.replace(/\s+/g, ' '))
    io.stdout.write(
      `${h.rank}. ${forTerminal(where)}\n   ${text.slice(0, 300)}${text.length > 300 ? '…' : ''}\n\n`,
    )
  }
}
