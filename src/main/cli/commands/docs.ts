import { formatExtent } from '@shared/importable-files.js'
import { countOf } from '@shared/labels.js'
import { ingestRemedy } from '@shared/ingest-remedies.js'
import { ocrPageNotes, ocrPagesLabel } from '@shared/ocr-notes.js'
import { OUTDATED_LABEL, outdatedNote } from '@shared/outdated-index.js'
import { QuireError } from '@shared/errors.js'
import { Library } from '../../engine/library.js'
import { CollectionStore } from '../../engine/store/collection-store.js'
import type { Io } from '../output.js'
import { otherPathsLabel, UNAVAILABLE_LABEL } from '@shared/watch-types.js'
import { printJson } from '../output.js'
import { forTerminal } from '../terminal-text.js'

export async function docsCommand(
  opts: { library: string; json: boolean; collection?: string },
  io: Io,
): Promise<number> {
  const lib = await Library.open(opts.library, { readOnly: true, readOnlyFolder: true })
  try {
    // --collection NAME: only its documents.
    const collection = opts.collection ? new CollectionStore(lib.db).requireByName(opts.collection) : null
    const members = collection ? new Set(new CollectionStore(lib.db).documentIds(collection.id)) : null
    const docs = lib.documents().filter((d) => !members || members.has(d.id))
    if (opts.json) {
      printJson(io, { documents: docs, mode: lib.embeddingStatus().mode })
      return 0
    }
    if (docs.length === 0)
      io.stdout.write(
        collection
          ? `The collection "${forTerminal(collection.name)}" is empty. Import into it with: quire ingest --collection "${forTerminal(collection.name)}" <file-or-folder> --library DIR\n`
          : 'The library is empty. Import documents with: quire ingest <file-or-folder> --library DIR\n',
      )
    for (const d of docs) {
      const ocr = ocrPagesLabel(d) ? ` (${ocrPagesLabel(d)})` : ''
      const notes = [
        ...ocrPageNotes(d),
        ...(d.outdated ? [OUTDATED_LABEL] : []),
        ...(d.unavailable ? [UNAVAILABLE_LABEL] : []),
        ...(d.otherPaths?.length
          ? [`${otherPathsLabel(d.otherPaths)}: ${d.otherPaths.map(forTerminal).join(', ')}`]
          : []),
      ]
      const what =
        d.status === 'indexed'
          ? `${formatExtent(d.format, d.pages)}${ocr}, ${countOf(d.chunks, 'passage')}${notes.length ? `; ${notes.join('; ')}` : ''}`
          : `FAILED: ${forTerminal(d.error ?? '')}${d.errorCode ? ` [${d.errorCode}]` : ''}`
      io.stdout.write(
        `${String(d.id).padStart(4)}  ${forTerminal(d.title)}  (${forTerminal(d.path)})  ${what}\n`,
      )
      // A failed document says what to do under it, as ingest and the app's document list do.
      const remedy = d.status === 'failed' ? ingestRemedy(d.errorCode, null, 'cli').remedy : null
      if (remedy) io.stdout.write(`        ${forTerminal(remedy)}\n`)
    }
    const outdated = outdatedNote(docs)
    if (outdated)
      io.stdout.write(`\n${outdated}\nRe-index: quire ingest --outdated --library ${opts.library}\n`)
    return 0
  } finally {
    await lib.close()
  }
}

export async function removeCommand(
  file: string,
  opts: { library: string; modelDir: string | null },
  io: Io,
): Promise<number> {
  const lib = await Library.open(opts.library, { modelDir: opts.modelDir })
  try {
    const asId = /^\d+$/.test(file) ? Number(file) : null
    const removed = (asId !== null && lib.remove(asId)) || lib.remove(file)
    // Thrown, so it is worded as every command's failure: `quire: MESSAGE [CODE]`, exit 1.
    if (!removed)
      throw new QuireError(
        'DOCUMENT_NOT_FOUND',
        `${file} is not in the library (see: quire docs --library ${opts.library})`,
      )
    io.stdout.write(`Removed ${forTerminal(file)}\n`)
    return 0
  } finally {
    await lib.close()
  }
}
