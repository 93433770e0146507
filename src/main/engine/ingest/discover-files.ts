import fs from 'node:fs/promises'
import path from 'node:path'

export interface DiscoveredFile {
  path: string
  /** Set when the path cannot be imported at all (missing, unreadable, not a PDF by name). */
  problem?: { code: string; message: string }
}

const isPdfName = (p: string) => p.toLowerCase().endsWith('.pdf')

/**
 * Expands files and folders (recursively) into the list of files to import, in a stable order.
 * Inside folders only *.pdf files are taken; a file named explicitly is always reported, so a
 * wrong file dropped on the window gets an error instead of silently vanishing.
 */
export async function discoverFiles(inputs: string[]): Promise<DiscoveredFile[]> {
  const out: DiscoveredFile[] = []
  const seen = new Set<string>()
  const push = (f: DiscoveredFile) => {
    if (seen.has(f.path)) return
    seen.add(f.path)
    out.push(f)
  }
  for (const input of inputs) {
    const abs = path.resolve(input)
    let stat
    try {
      stat = await fs.stat(abs)
    } catch {
      push({ path: abs, problem: { code: 'FILE_NOT_FOUND', message: `${abs} does not exist.` } })
      continue
    }
    if (stat.isDirectory()) {
      for (const f of await walk(abs)) push({ path: f })
    } else if (!isPdfName(abs)) {
      push({
        path: abs,
        problem: {
          code: 'NOT_SUPPORTED',
          message: `${path.basename(abs)} is not a PDF; Quire imports PDF files only.`,
        },
      })
    } else push({ path: abs })
  }
  return out
}

async function walk(dir: string): Promise<string[]> {
  let entries
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch {
    return []
  }
  entries.sort((a, b) => a.name.localeCompare(b.name))
  const files: string[] = []
  for (const e of entries) {
    if (e.name.startsWith('.')) continue
    const p = path.join(dir, e.name)
    if (e.isDirectory()) files.push(...(await walk(p)))
    else if (e.isFile() && isPdfName(e.name)) files.push(p)
  }
  return files
}
