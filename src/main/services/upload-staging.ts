import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { QuireError } from '../../shared/errors.js'
import { STAGED_UPLOAD, STAGING_FOLDER } from '../engine/store/library-files.js'

/** One PDF may be large, but not unbounded: a hostile or mistaken upload cannot fill the disk. */
export const MAX_UPLOAD_FILE_BYTES = 1024 * 1024 * 1024

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

  constructor(
    readonly dir: string,
    readonly maxFileBytes = MAX_UPLOAD_FILE_BYTES,
  ) {}

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

  async receive(source: ChunkSource): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true })
    const id = randomUUID()
    const file = path.join(this.dir, `${id}.part`)
    const handle = await fs.open(file, 'wx', 0o600)
    let size: number
    try {
      size = await source(async (chunk) => {
        await handle.write(chunk)
      })
      await handle.close()
    } catch (err) {
      await handle.close().catch(() => undefined)
      await fs.rm(file, { force: true })
      throw err
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
