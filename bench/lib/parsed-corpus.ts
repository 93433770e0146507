import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { ParsedDocument } from '../../src/main/engine/ingest/parse-document.js'
import { ParsePool } from '../../src/main/engine/worker/parse-pool.js'
import { CACHE, cores, ensureCorpus, ROOT } from './env.js'

export interface ParsedFile {
  file: string
  parsed: ParsedDocument
}

/**
 * The dev corpus parsed by Quire's own code, cached on disk. The cache key includes the ingest
 * sources, so a change to extraction, cleaning or chunking re-parses.
 */
export async function parsedCorpus(): Promise<ParsedFile[]> {
  const files = ensureCorpus()
  const hash = createHash('sha256')
  const ingestDir = path.join(ROOT, 'src', 'main', 'engine', 'ingest')
  // Every source file under ingest/, its sub-folders (readers, tables) included.
  for (const f of (fs.readdirSync(ingestDir, { recursive: true }) as string[]).sort()) {
    const file = path.join(ingestDir, f)
    if (fs.statSync(file).isFile()) hash.update(fs.readFileSync(file))
  }
  for (const f of files) hash.update(`${f}:${fs.statSync(f).size}`)
  const cacheFile = path.join(CACHE, `parsed-${hash.digest('hex').slice(0, 16)}.json`)
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as ParsedFile[]
  const pool = new ParsePool(cores())
  try {
    const parsed = await Promise.all(
      files.map(async (file) => ({ file, parsed: await pool.parse(fs.readFileSync(file), file) })),
    )
    fs.mkdirSync(CACHE, { recursive: true })
    fs.writeFileSync(cacheFile, JSON.stringify(parsed))
    return parsed
  } finally {
    await pool.close()
  }
}
