// Domain types shared by the engine, the CLI, the IPC contract and the renderer.
// Plain data only: everything here must survive JSON and structured clone.
import type { DocumentFormat } from './importable-files.js'

export type DocumentStatus = 'indexing' | 'indexed' | 'failed'

export interface LibraryDocument {
  id: number
  path: string
  title: string
  sha256: string
  /**
   * Pages of a paged document (PDF, scan). For other formats, the sections its text is stored in
   * (slides of a presentation, chapters of an e-book), which citations never show.
   */
  pages: number
  /** What the file is (shared/importable-files.ts); the document list shows its label. */
  format: DocumentFormat
  chunks: number
  status: DocumentStatus
  errorCode: string | null
  error: string | null
  createdAt: string
  updatedAt: string
  /** Pages whose text came from OCR (scanned pages). */
  ocrPages: number
  /** OCR pages whose mean word confidence is below LOW_OCR_CONFIDENCE: their text may misread. */
  lowConfidencePages: number[]
  /** OCR pages on which nothing was recognised (blank or unreadable). */
  blankPages: number[]
  /** Pages that could not be read at all (a damaged or cut-off file), kept empty; absent: none. */
  unreadablePages?: number[]
  /**
   * Indexed by an older version of Quire's import, which read or divided its text differently:
   * importing it again re-indexes it with this version (an unchanged file is otherwise skipped).
   */
  outdated: boolean
  /**
   * Other paths at which the same bytes were found (docs/duplicates.md): one document, several
   * locations. Absent: only `path`.
   */
  otherPaths?: string[]
  /** The watched folder the document came from has disappeared (an unplugged drive); absent: false. */
  unavailable?: boolean
}

/** Mean OCR word confidence (0–100) under which a page is flagged in the document list. */
export const LOW_OCR_CONFIDENCE = 70

export type IngestStage =
  | 'queued'
  /** Another import into the same library runs: this batch waits its turn (file is ''). */
  | 'waiting'
  | 'reading'
  | 'extracting'
  /** OCR of scanned pages; done/total count the pages that need it. */
  | 'recognizing'
  | 'chunking'
  | 'embedding'
  | 'indexing'
  | 'done'

/** Progress of one batch. `file` is the file the event is about; done/total count units of `stage`. */
export interface IngestProgress {
  stage: IngestStage
  file: string
  done: number
  total: number
  /** Files finished in the batch so far and in all, for batch-level progress and ETA. */
  filesDone: number
  filesTotal: number
  /** A line to show as it is: with stage 'waiting', which import this one waits for. */
  message?: string
}

import type { UnreadablePages } from './unreadable-pages.js'

export type IngestStatus = 'indexed' | 'skipped' | 'failed'

export interface IngestFileReport {
  file: string
  status: IngestStatus
  pages: number
  chunks: number
  /** Pages whose text came from OCR (absent: none). */
  ocrPages?: number
  error: string | null
  errorCode: string | null
  /**
   * The file is a document an older version of Quire indexed (LibraryDocument.outdated), with the
   * same bytes or unreadable: `indexed`, it was re-indexed; `failed`, its older index stays in the
   * library and is searched as before. Absent: false.
   */
  reindex?: boolean
  /** A skipped file: the library document that already holds the same content. */
  existingDocumentId?: number
  /**
   * A skipped file whose content is already in the library (docs/duplicates.md): the document
   * holding it, and whether the bytes are the same (the file became another location of it) or
   * only the text (a re-saved or re-exported copy, not added).
   */
  duplicateOf?: { documentId: number; file: string; sameBytes: boolean }
  /** Pages of an indexed file that could not be read (kept empty); absent when every page was read. */
  unreadable?: UnreadablePages
  /** What an indexed file was read as, so its extent is said as the document list says it. */
  format?: DocumentFormat
}

export interface IngestReport {
  documents: IngestFileReport[]
  elapsedMs: number
  cancelled: boolean
  /** A problem with the whole batch (the disk filled up while saving the vector index). */
  problem?: { code: string; message: string }
  /** How embedding overlapped extraction (see IngestStreamStats). */
  stream?: IngestStreamStats
  /**
   * Contextual chunk headers written after the import (Settings, off by default; docs/query-help.md):
   * how many, the model calls made (one per passage at most), the passages still without one, and
   * why the model stopped early. Absent when the setting is off.
   */
  contextHeaders?: { written: number; modelCalls: number; remaining: number; problem: string | null }
}

/**
 * How embedding overlapped extraction: when the first forward pass started (epoch ms, and the
 * process's CPU time then, all threads, in ms), the time spent in forward passes, how many draft
 * chunks of documents still being read were embedded, how many final chunks took a draft's vector,
 * and how many were embedded after their document was read.
 */
export interface IngestStreamStats {
  firstEmbeddingAt: number | null
  firstEmbeddingCpuMs: number | null
  embeddingMs: number
  draftsEmbedded: number
  draftsReused: number
  embeddedAfterExtraction: number
}

export type SearchMode = 'hybrid' | 'keyword'

export interface SearchHit {
  rank: number
  /** The passage's best-ranked chunk. */
  chunkId: number
  /** All chunks of the passage, in document order: neighbours that both rank well form one passage. */
  chunkIds: number[]
  documentId: number
  file: string
  title: string
  /** The pages the passage lies on; empty for documents without pages (see locator). */
  pages: number[]
  /**
   * Where the passage is in a document without pages, in shared/locator.ts's grammar ("3.2
   * Remotes > Fetching", "Slide 4", "Chapter 2: Setup"); null for PDFs and scans, which cite pages.
   */
  locator?: string | null
  text: string
  score: number
  matchedTerms: string[]
  heading: string | null
  /** True when the passage lies on a page read by OCR (its text may misread letters or digits). */
  ocr?: boolean
  /**
   * Other documents in which the same passage was found (docs/duplicates.md): one source names
   * every file instead of filling a result slot per copy. Absent: none.
   */
  alsoIn?: PassageCopy[]
}

/** A document that holds the same passage as the source it is listed under. */
export interface PassageCopy {
  documentId: number
  file: string
  title: string
}

/** Why search declined (or did not): shown by the CLI and kept in the answer's trace. */
export interface SearchDecision {
  declined: boolean
  /**
   * `answered`; `no-results`; `no-content-words` (nothing to search for); `names-absent` (the
   * question names something, an identifier or a name, that no document matching it contains);
   * `low-coverage` (the best passages cover too little of the question). A doubtful decision
   * (below) keeps the rule's reason with `declined` false.
   */
  reason: 'answered' | 'no-results' | 'no-content-words' | 'names-absent' | 'low-coverage'
  /** IDF-weighted share of the question the best of the top 5 passages covers, 0..1. */
  coverage: number
  /** The largest share of the question's own words found together within a few sentences, 0..1. */
  local: number
  /** The coverage needed to answer: higher when the question has a word in no document and no dictionary. */
  threshold: number
  /** Question words no document contains. */
  missing: string[]
  /** Of those, the ones that decided (a name absent from the library, or a word no dictionary holds). */
  decisive: string[]
  /**
   * The decline rule found `reason` but most of the question's words are found together, so search
   * is not sure: not declined, the model judges (its "not found" marker), and a retrieval-only
   * answer says the passages may not answer. Absent or false otherwise.
   */
  doubtful?: boolean
  /**
   * A scoped search (a collection, chosen or named documents): the question's words the documents
   * searched never use though other documents of the library do. Such a word is what the question
   * is about, so passages that merely read alike never answer it. Absent: none, or not scoped.
   */
  outOfScope?: string[]
}

export interface SearchResponse {
  query: string
  mode: SearchMode
  declined: boolean
  results: SearchHit[]
  /** The decline decision and its reason (absent from responses built before it existed). */
  decision?: SearchDecision
  /** What the optional search stages did (reranking, query help); absent when none ran. */
  stages?: StageNote[]
}

/**
 * One optional search stage's record, for the trace. `rerank`: a cross-encoder re-scored the
 * first `scored` of `candidates` passages in `ms` (fewer when its time budget ran out), fused with
 * the first stage's ranking; `moved` of the top k changed place. `also-searched`: other wordings
 * the model wrote for the question, searched beside it.
 */
export type StageNote =
  | {
      stage: 'rerank'
      model: string
      /** Which of the folder's weights scored, e.g. "int8 onnx/model_quantized.onnx" (absent from older records). */
      weights?: string
      candidates: number
      scored: number
      moved: number
      ms: number
      /** Why fewer than all candidates were scored (the time budget), when that happened. */
      cutShort?: 'budget' | null
    }
  | { stage: 'also-searched'; queries: string[] }
  /** A broad question found a document's section summary (docs/summaries.md), given as passage 1. */
  | { stage: 'summaries'; documentId: number; heading: string | null }

export interface SearchOptions {
  k?: number
  /**
   * Other wordings of the question (or a hypothetical answer passage) the local model wrote, searched
   * beside it (query help); the decision stays the question's own.
   */
  alsoSearch?: string[]
  /** Earlier questions (and optionally answers) of the conversation, oldest first. */
  context?: string[]
  /**
   * The previous answer's passages as chunk ids (SearchHit.chunkId), the ones it cited first: a
   * follow-up that points back at them ("which one of those …") is searched there first
   * (retrieve/earlier-turn-stage.ts). Ignored without `context`.
   */
  earlierPassages?: number[]
  /** Restrict the search to these document ids. */
  documentIds?: number[]
  /**
   * How strict "not found" is for this search: the coverage below which it declines (tuning.ts
   * minCoverage; Settings → Answers). Absent: the evaluated default.
   */
  minCoverage?: number
}

export interface PageSpan {
  page: number
  /** Character offsets of this chunk's text within the page's stored text. */
  start: number
  end: number
}

/** A text item on a page with its character range in the page text and its box in PDF user space. */
export interface TextItemBox {
  start: number
  end: number
  x: number
  y: number
  w: number
  h: number
}

/** The reranker (Settings › Search, `--reranker`): the cross-encoder in use, or why there is none. */
export interface RerankerStatus {
  /** null: no reranking. */
  model: string | null
  dir: string | null
  /** Which of its weights are loaded, e.g. "int8 onnx/model_quantized.onnx"; absent from older servers. */
  weights?: string | null
  /** Why a reranker chosen earlier is not in use (its folder gone or unusable); null otherwise. */
  reason: string | null
}

export interface EmbeddingStatus {
  mode: SearchMode
  model: string | null
  modelDir: string | null
  reason: string | null
}

/** `quire check` and Settings › Check library: what SQLite's full checks found, and what repair did. */
export interface LibraryCheckReport {
  ok: boolean
  /** SQLite's and the full-text index's own messages; empty when ok. */
  problems: string[]
  repaired: boolean
  /** Documents imported again from their files because their rows were damaged. */
  reimported: string[]
  /** Documents that could not be brought back, and why. */
  unrecoverable: { path: string; reason: string }[]
}
