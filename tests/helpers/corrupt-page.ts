// Damages a database file the way a bad sector or a torn write would: half of one leaf page of a
// table (or index) is overwritten with seeded garbage. Used by the check/repair and reliability tests.
import fs from 'node:fs'
import Database from 'better-sqlite3'

/** Overwrites the second half of one leaf page of `table` (its cells) with seeded garbage. */
export function corruptLeafOf(dbFile: string, table: string): void {
  const db = new Database(dbFile, { readonly: true })
  const pageSize = db.pragma('page_size', { simple: true }) as number
  const leaf = db
    .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno LIMIT 1")
    .pluck()
    .get(table) as number | undefined
  db.close()
  if (!leaf) throw new Error(`no leaf page for ${table}`)
  const fd = fs.openSync(dbFile, 'r+')
  const junk = Buffer.alloc(pageSize / 2)
  let x = 7
  for (let i = 0; i < junk.length; i++) junk[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) & 0xff
  fs.writeSync(fd, junk, 0, junk.length, (leaf - 1) * pageSize + pageSize / 2)
  fs.closeSync(fd)
}
