// Ingestion error codes in plain words, from the shared error → remedy table.
import { ingestRemedy } from '@shared/ingest-remedies.js'

export function errorInWords(code: string | null | undefined, fallback?: string | null): string {
  return ingestRemedy(code, fallback).label
}

export { ingestRemedy }
