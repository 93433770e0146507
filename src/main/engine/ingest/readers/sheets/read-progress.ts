// Progress of reading a workbook, by rows read. A sheet's row count is not known before it is read
// (the <dimension> element is optional and often wrong), but the archive's directory declares how
// large each sheet's XML is inflated: the rows still to come are estimated from the share of that
// XML read so far. done/total is then the share of the sheets' bytes read, so it never goes back.

/** Rows between two reports: a 100,000-row sheet reports about a hundred times. */
export const ROWS_PER_REPORT = 1000

export class RowProgress {
  private rows = 0
  private bytesBefore = 0
  private bytesInEntry = 0
  private reportedAt = 0
  private share = 0

  /**
   * @param totalBytes the inflated size of every entry the rows are read from
   * @param report called with the rows read so far and the rows expected in all (≥ rows read)
   */
  constructor(
    private readonly totalBytes: number,
    private readonly report?: (rows: number, expected: number) => void,
    private readonly every = ROWS_PER_REPORT,
  ) {}

  /** Bytes of the current entry read so far (xml-stream's `bytes` handler). */
  readonly bytes = (read: number): void => {
    this.bytesInEntry = read
  }

  /** The current entry is read whole; the next one's bytes count after it. */
  endEntry(): void {
    this.bytesBefore += this.bytesInEntry
    this.bytesInEntry = 0
  }

  /** One row with content read. */
  row(): void {
    this.rows++
    if (this.report && this.rows - this.reportedAt >= this.every) {
      this.reportedAt = this.rows
      this.report(this.rows, this.expected())
    }
  }

  /** Rows read in all, reported as the whole once reading ends. */
  finish(): number {
    this.report?.(this.rows, this.rows)
    return this.rows
  }

  private expected(): number {
    const read = this.bytesBefore + this.bytesInEntry
    let expected = this.rows
    if (read > 0 && read < this.totalBytes) {
      expected = Math.round((this.rows * this.totalBytes) / read)
      // Rounding, and rows read within one piece of XML, must not make the share go back.
      if (this.share > 0) expected = Math.min(expected, Math.floor(this.rows / this.share))
      expected = Math.max(this.rows, expected)
    }
    this.share = this.rows / expected
    return expected
  }
}
