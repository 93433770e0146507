import { Inflate } from 'fflate'
import { QuireError } from '@shared/errors.js'

// A zip reader that refuses zip bombs. Word, OpenDocument, PowerPoint and EPUB files are zip
// archives; a small one can declare, or inflate to, gigabytes. Limits are checked on the declared
// sizes before anything is inflated, and again on the bytes actually inflated (a header can lie).

export interface ZipLimits {
  /** All entries together, inflated. */
  maxTotalBytes: number
  maxEntries: number
  /** Above this inflated size, an entry must not compress better than maxRatio. */
  ratioFloorBytes: number
  maxRatio: number
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntries: 10_000,
  ratioFloorBytes: 8 * 1024 * 1024,
  // Deflate cannot do better than about 1032:1; real documents (XML) stay far below 200:1.
  maxRatio: 500,
}

interface Entry {
  name: string
  method: number
  compressedSize: number
  size: number
  localOffset: number
}

/** Compressed bytes fed to the inflater at a time: bounds what one step can inflate (~1000×). */
const STEP = 16 * 1024

export const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

export class BoundedZip {
  private readonly entries = new Map<string, Entry>()
  private inflated = 0

  /** Reads the archive's directory; throws DOC_CORRUPT when it is not a readable zip, DOC_TOO_LARGE for a bomb. */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly name: string,
    private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let eocd = -1
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
      if (view.getUint32(i, true) === 0x06054b50) {
        eocd = i
        break
      }
    }
    if (eocd < 0)
      throw this.damaged('its table of contents is missing; the file is cut short or not a zip archive')
    const count = view.getUint16(eocd + 10, true)
    const dirSize = view.getUint32(eocd + 12, true)
    const dirOffset = view.getUint32(eocd + 16, true)
    if (count > limits.maxEntries) throw this.tooLarge(`it holds ${count} files`)
    if (dirOffset === 0xffffffff || count === 0xffff) throw this.tooLarge('it is a ZIP64 archive (over 4 GB)')
    if (dirOffset + dirSize > bytes.length) throw this.damaged('its table of contents points past its end')
    let p = dirOffset
    let declared = 0
    for (let i = 0; i < count; i++) {
      if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50)
        throw this.damaged('its table of contents is damaged')
      const method = view.getUint16(p + 10, true)
      const compressedSize = view.getUint32(p + 20, true)
      const size = view.getUint32(p + 24, true)
      const nameLen = view.getUint16(p + 28, true)
      const extraLen = view.getUint16(p + 30, true)
      const commentLen = view.getUint16(p + 32, true)
      const localOffset = view.getUint32(p + 42, true)
      const entryName = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen))
      if (size === 0xffffffff || compressedSize === 0xffffffff)
        throw this.tooLarge('it holds a file over 4 GB')
      declared += size
      if (declared > limits.maxTotalBytes)
        throw this.tooLarge(`it would unpack to more than ${mb(limits.maxTotalBytes)}`)
      if (size > limits.ratioFloorBytes && size > compressedSize * limits.maxRatio)
        throw this.tooLarge(
          `${entryName} would unpack ${Math.round(size / Math.max(1, compressedSize))} times larger`,
        )
      this.entries.set(entryName, { name: entryName, method, compressedSize, size, localOffset })
      p += 46 + nameLen + extraLen + commentLen
    }
  }

  names(): string[] {
    return [...this.entries.keys()]
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  /** An entry's inflated size as the archive's directory declares it, or null when absent. */
  declaredSize(name: string): number | null {
    return this.entries.get(name)?.size ?? null
  }

  /** An entry's bytes, or null when the archive has no such entry. */
  read(name: string): Uint8Array | null {
    const out: Uint8Array[] = []
    let got = 0
    const found = this.stream(name, (chunk) => {
      out.push(chunk)
      got += chunk.length
    })
    if (!found) return null
    if (out.length === 1) return out[0]!
    const result = new Uint8Array(got)
    let o = 0
    for (const c of out) {
      result.set(c, o)
      o += c.length
    }
    return result
  }

  /**
   * Inflates an entry piece by piece into `sink`, so a large entry (a worksheet of a million rows)
   * is read without holding all of it; the same limits hold. Returns false when there is no such
   * entry. A sink stops reading by throwing a QuireError, which is thrown on as it is.
   */
  stream(name: string, sink: (chunk: Uint8Array) => void): boolean {
    const e = this.entries.get(name)
    if (!e) return false
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
    const h = e.localOffset
    if (h + 30 > this.bytes.length || view.getUint32(h, true) !== 0x04034b50)
      throw this.damaged(`the entry ${e.name} is damaged`)
    const start = h + 30 + view.getUint16(h + 26, true) + view.getUint16(h + 28, true)
    const data = this.bytes.subarray(start, start + e.compressedSize)
    if (data.length < e.compressedSize) throw this.damaged(`the entry ${e.name} is cut short`)
    if (e.method === 0) {
      this.count(data.length, e)
      sink(data.slice())
      return true
    }
    if (e.method !== 8) throw this.damaged(`the entry ${e.name} uses an unknown compression (${e.method})`)
    let got = 0
    const inflater = new Inflate((chunk) => {
      got += chunk.length
      // An entry may not inflate past what it declared, nor the archive past its budget.
      if (got > e.size || this.inflated + got > this.limits.maxTotalBytes)
        throw this.tooLarge(`${e.name} unpacks to more than it declares`)
      sink(chunk)
    })
    try {
      for (let i = 0; i < data.length; i += STEP)
        inflater.push(data.subarray(i, i + STEP), i + STEP >= data.length)
      if (data.length === 0) inflater.push(new Uint8Array(0), true)
    } catch (err) {
      if (err instanceof QuireError) throw err
      throw this.damaged(
        `the entry ${e.name} cannot be unpacked (${err instanceof Error ? err.message : String(err)})`,
      )
    }
    this.count(got, e)
    return true
  }

  /** An entry as UTF-8 text, or null when absent. */
  text(name: string): string | null {
    const b = this.read(name)
    return b ? new TextDecoder().decode(b) : null
  }

  /** Inflates every entry once, so the limits hold before another library unpacks the archive. */
  checkAll(): void {
    for (const name of this.entries.keys()) this.read(name)
    this.inflated = 0
  }

  private count(size: number, e: Entry): void {
    if (size !== e.size) throw this.damaged(`the entry ${e.name} has the wrong size`)
    this.inflated += size
  }

  private damaged(why: string): QuireError {
    return new QuireError('DOC_CORRUPT', `${this.name} is damaged and cannot be read: ${why}.`)
  }

  private tooLarge(why: string): QuireError {
    return new QuireError(
      'DOC_TOO_LARGE',
      // What happened only: the remedy (ingest-remedies.ts) says what a zip bomb is and what to do.
      `${this.name} was refused: ${why}.`,
    )
  }
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`
