/**
 * The services the desktop shell and the browser-served UI adapt onto (through the one IPC
 * contract in src/shared). Plain Node; implemented by the engine. Interfaces only here, so the
 * IPC layer, the HTTP server and tests can be written against them.
 */
import type {
  EmbeddingStatus,
  RerankerStatus,
  IngestProgress,
  IngestReport,
  LibraryDocument,
  SearchOptions,
  SearchResponse,
  TextItemBox,
} from '@shared/library-types.js'
import type { DocumentText } from '@shared/document-text.js'

export interface PageData {
  documentId: number
  pageNo: number
  text: string
  items: TextItemBox[]
  width: number
  height: number
}

export interface LibraryService {
  readonly dir: string
  documents(): LibraryDocument[]
  /** Progress of the background vector rebuild; null when none runs. */
  vectorRebuild(): { done: number; total: number } | null
  /** Imports files and folders in the worker; resolves when the batch ends (or is cancelled). */
  ingest(
    paths: string[],
    opts: {
      signal?: AbortSignal
      onProgress?: (p: IngestProgress) => void
      keepDuplicateText?: boolean
      collectionId?: number
    },
  ): Promise<IngestReport>
  remove(documentId: number): Promise<void>
  search(query: string, opts?: SearchOptions): Promise<SearchResponse>
  page(documentId: number, pageNo: number): PageData | null
  /** A document's stored text and structure for the reader view; null when there is no such document. */
  documentText(documentId: number, chunkId?: number): DocumentText | null
  /** The PDF's bytes, for the renderer's viewer. Only for documents in the library. */
  pdfBytes(documentId: number): Promise<Uint8Array>
  embeddingStatus(): EmbeddingStatus
  /** Copies a model folder (air-gapped machines) into the app's model folder and switches to hybrid. */
  importModelFolder(src: string): Promise<EmbeddingStatus>
  rerankerStatus(): RerankerStatus
  /** Copies a cross-encoder folder into the app's model folder and reranks with it from the next search. */
  importReranker(src: string): Promise<RerankerStatus>
  /** Stops reranking (the copied folder stays, for importing again). */
  removeReranker(): Promise<RerankerStatus>
}
