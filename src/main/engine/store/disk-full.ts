import { QuireError } from '@shared/errors.js'

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT'])

export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && (FULL_CODES.has(code) || code === 'DISK_FULL')
}

/**
 * SQLite's SQLITE_FULL and the OS's ENOSPC/EDQUOT as one DISK_FULL a person can act on. The message
 * says what happened; what to do is the DISK_FULL remedy (ingest-remedies), printed under it.
 */
export function asDiskFull(err: unknown, what: string): unknown {
  if (!isDiskFull(err) || err instanceof QuireError) return err
  return new QuireError('DISK_FULL', `The disk is full: ${what}.`)
}
