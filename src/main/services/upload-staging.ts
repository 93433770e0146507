import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { QuireError } from '../../shared/errors.js'
import { STAGED_UPLOAD, STAGING_FOLDER } from '../engine/store/library-files.js'

/** One PDF may be large, but not unbounded: a hostile or mistaken upload cannot fill the disk. */
export const MAX_UPLOAD_FILE_BYTES = 1024 * 1024 * 1024

/**
 * Uploads waiting to be claimed (or still arriving) at once, and their bytes together: a client
 * cannot fill the disk with many files each under the per-file limit. An import of more is sent
 * in batches (the app claims each batch before the next).
 */
export const MAX_STAGED_UPLOADS = 1000
export const MAX_STAGED_BYTES = 4 * 1024 * 1024 * 1024

export interface UploadLimits {
  maxFileBytes: number
  maxFiles: number
  maxTotalBytes: number
}

const gib = (n: number) => `${Math.round((n / 1024 ** 3) * 10) / 10} GB`

/** Where upload bytes wait to be claimed: inside the library, so claiming is a rename. */
export { STAGING_FOLDER }

export interface StagedUpload {
  file: string
  size: number
}

/** Writes each chunk as it arrives; resolves with the byte count. */
export type ChunkSource = (write: (chunk: Buffer) => Promise<void>) => Promise<number>

/**
 * Browser-mode uploads stream to disk here, one file per request, before `library.upload`
 * claims them by id. Only ids handed out by this object can be claimed (never a path from the
 * client), and every unclaimed file is deleted on close: no stray copies of confidential files.
 */
export class UploadStaging {
  private readonly staged = new Map<string, StagedUpload>()
  /** Uploads still arriving, and the bytes they have written so far. */
  private arriving = 0
  private arrivingBytes = 0
  readonly maxFileBytes: number
  readonly limits: UploadLimits

  constructor(
    readonly dir: string,
    maxFileBytes = MAX_UPLOAD_FILE_BYTES,
    limits: Partial<Omit<UploadLimits, 'maxFileBytes'>> = {},
  ) {
    this.maxFileBytes = maxFileBytes
    this.limits = {
      maxFileBytes,
      maxFiles: limits.maxFiles ?? MAX_STAGED_UPLOADS,
      maxTotalBytes: limits.maxTotalBytes ?? MAX_STAGED_BYTES,
    }
  }

  private stagedBytes(): number {
    let n = this.arrivingBytes
    for (const s of this.staged.values()) n += s.size
    return n
  }

  /**
   * Removes what an earlier run left (a crash mid-upload): its staged files, by name, then the
   * folder when that leaves it empty. Anything else someone put there stays.
   */
  async reset(): Promise<void> {
    this.staged.clear()
    const names = await fs.readdir(this.dir).catch(() => [] as string[])
    for (const name of names)
      if (STAGED_UPLOAD.test(name)) await fs.rm(path.join(this.dir, name), { force: true })
    await fs.rmdir(this.dir).catch(() => undefined)
  }

  /**
   * Streams one upload to disk. Refused with UPLOADS_TOO_MANY when MAX_STAGED_UPLOADS wait already,
   * and with UPLOADS_TOO_LARGE (the part written removed) when its bytes would take the uploads
   * waiting past MAX_STAGED_BYTES.
   */
  async receive(source: ChunkSource): Promise<string> {
    const { maxFiles, maxTotalBytes } = this.limits
    if (this.staged.size + this.arriving >= maxFiles)
      throw new QuireError(
        'UPLOADS_TOO_MANY',
        `${maxFiles} files are already uploaded and waiting to be imported. Import them (or reload the page), then add the rest in another batch.`,
      )
    this.arriving++
    try {
      return await this.write(source, maxTotalBytes)
    } finally {
      this.arriving--
    }
  }

  private async write(source: ChunkSource, maxTotalBytes: number): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true })
    const id = randomUUID()
    const file = path.join(this.dir, `${id}.part`)
    const handle = await fs.open(file, 'wx', 0o600)
    let size: number
    let written = 0
    try {
      size = await source(async (chunk) => {
        if (this.stagedBytes() + chunk.length > maxTotalBytes)
          throw new QuireError(
            'UPLOADS_TOO_LARGE',
            `The files uploaded and waiting to be imported would take more than ${gib(maxTotalBytes)}. Import them first, then add the rest in another batch.`,
          )
        written += chunk.length
        this.arrivingBytes += chunk.length
        await handle.write(chunk)
      })
      await handle.close()
    } catch (err) {
      await handle.close().catch(() => undefined)
      await fs.rm(file, { force: true })
      throw err
    } finally {
      this.arrivingBytes -= written
    }
    this.staged.set(id, { file, size })
    return id
  }

  /** Hands a staged file over to its claimant, who then owns (moves or deletes) it. */
  take(id: string): StagedUpload {
    const found = this.staged.get(id)
    if (!found) {
      throw new QuireError('UPLOAD_NOT_FOUND', 'That upload is not waiting any more; add the file again.')
    }
    this.staged.delete(id)
    return found
  }

  async close(): Promise<void> {
    await this.reset()
  }
}
