import type { IngestReport } from '@shared/library-types.js'
import type { Collection } from '@shared/search-scope.js'
import { Library } from '../library.js'
import { CollectionStore } from '../store/collection-store.js'
import { importedDocumentIds } from './import-batch.js'

/**
 * After a batch run without the library open (`quire ingest --collection NAME`): puts the
 * documents it imported, or found already there, into the collection, making it when there is
 * none of that name. Opens the library without a model: nothing is embedded or reconciled.
 */
export async function addBatchToCollection(
  libraryDir: string,
  name: string,
  report: IngestReport,
): Promise<Collection> {
  const lib = await Library.open(libraryDir)
  try {
    const collections = new CollectionStore(lib.db)
    const collection = collections.ensure(name)
    return collections.add(collection.id, importedDocumentIds(lib, report))
  } finally {
    await lib.close()
  }
}
