// How the library lists documents: the file name first (the document's title under it when it says
// something else), the folder for files that share a name, a filter and a sort order.
import { stripImportableExtension } from '@shared/importable-files.js'
import type { LibraryDocument } from '@shared/library-types.js'

export type DocumentSort = 'name' | 'added' | 'pages'

export interface ListedDocument {
  doc: LibraryDocument
  fileName: string
  /** The document's own title when it differs from the file name, else null. */
  subtitle: string | null
  /** Folder(s) that tell same-named files apart ("Q3/"), else null. */
  folder: string | null
}

function segments(p: string): string[] {
  return p.split(/[\\/]/).filter(Boolean)
}

const comparable = (s: string) =>
  stripImportableExtension(s.toLowerCase())
    .replace(/[\s_\-.]+/g, ' ')
    .trim()

/** The shortest tail of each file's folders that tells it apart from its same-named siblings. */
function distinguishingFolders(paths: string[]): string[] {
  const dirs = paths.map((p) => segments(p).slice(0, -1))
  return dirs.map((dir, i) => {
    for (let n = 1; n <= dir.length; n++) {
      const tail = dir.slice(-n).join('/')
      const clash = dirs.some((other, j) => j !== i && other.slice(-n).join('/') === tail)
      if (!clash) return `${tail}/`
    }
    return dir.length ? `${dir.join('/')}/` : ''
  })
}

export function listDocuments(docs: LibraryDocument[], filter: string, sort: DocumentSort): ListedDocument[] {
  const names = docs.map((d) => segments(d.path).pop() ?? d.title)
  const groups = new Map<string, number[]>()
  names.forEach((n, i) => groups.set(n.toLowerCase(), [...(groups.get(n.toLowerCase()) ?? []), i]))
  const folders: (string | null)[] = docs.map(() => null)
  for (const idx of groups.values()) {
    if (idx.length < 2) continue
    const tails = distinguishingFolders(idx.map((i) => docs[i]!.path))
    idx.forEach((docIndex, k) => (folders[docIndex] = tails[k] || null))
  }
  const listed = docs.map((doc, i) => ({
    doc,
    fileName: names[i]!,
    subtitle: comparable(doc.title) && comparable(doc.title) !== comparable(names[i]!) ? doc.title : null,
    folder: folders[i]!,
  }))
  const q = filter.trim().toLowerCase()
  const shown = q
    ? listed.filter((l) => `${l.fileName} ${l.doc.title} ${l.folder ?? ''}`.toLowerCase().includes(q))
    : listed
  const byName = (a: ListedDocument, b: ListedDocument) =>
    a.fileName.localeCompare(b.fileName, undefined, { numeric: true, sensitivity: 'base' }) ||
    (a.folder ?? '').localeCompare(b.folder ?? '')
  const order: Record<DocumentSort, (a: ListedDocument, b: ListedDocument) => number> = {
    name: byName,
    added: (a, b) => b.doc.createdAt.localeCompare(a.doc.createdAt) || byName(a, b),
    pages: (a, b) => b.doc.pages - a.doc.pages || byName(a, b),
  }
  return [...shown].sort(order[sort])
}

/** Where browser mode keeps its upload copies, inside the library folder (services' UPLOAD_FOLDER). */
const UPLOAD_FOLDER = 'imported'

/**
 * A library document named as people know it, for "already in the library": its file name, the
 * folder it came from (inside the upload copies, the folder that was dropped) and the date it was
 * added. Never the internal copy's absolute path. Null when the document is not listed.
 */
export function describeLibraryDocument(
  docs: LibraryDocument[],
  documentId: number,
  libraryDir: string | null,
): string | null {
  const doc = docs.find((d) => d.id === documentId)
  if (!doc) return null
  const parts = segments(doc.path)
  const name = parts.pop() ?? doc.title
  const copies = libraryDir ? [...segments(libraryDir), UPLOAD_FOLDER] : null
  const inCopies = copies !== null && copies.every((s, i) => parts[i] === s)
  const folder = inCopies ? parts.slice(copies.length).join('/') : (parts.at(-1) ?? '')
  const added = new Date(doc.createdAt)
  const date = Number.isNaN(added.getTime())
    ? ''
    : `, added ${added.toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' })}`
  return `Already in the library as “${name}”${folder ? ` in ${folder}/` : ''}${date}.`
}
