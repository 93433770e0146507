import { QuireError } from '@shared/errors.js'
import { NOTHING_OUTDATED } from '@shared/outdated-index.js'
import type { AppServices } from '../services/create-app-services.js'
import { saveUploads } from '../services/save-uploads.js'
import { RETRIEVAL_DEFAULTS } from '../services/settings-service.js'
import type { HandlerTable } from './handler-table.js'
import type { ShellAdapter } from './shell-adapter.js'

function requireDocument(services: AppServices, documentId: number): void {
  if (!services.library.documentPath(documentId)) {
    throw new QuireError('DOCUMENT_NOT_FOUND', `There is no document ${documentId} in this library.`)
  }
}

/** The handler table: thin adapters from the contract onto the services. */
export function createHandlers(services: AppServices, shell: ShellAdapter): HandlerTable {
  const { library, imports, chat, conversations } = services
  // Read each time: the library may have been reopened (a model imported, a repair).
  const collections = () => library.owner.collections
  /** A change every window should show (the library panel reloads on library.changed). */
  const changed = <T>(value: T): T => {
    services.events.emit('library.changed', {})
    return value
  }
  return {
    'app.info': () => ({
      version: services.version,
      shell: shell.shell,
      libraryDir: library.dir,
      firstRun: services.settings.firstRun,
      retrievalDefaults: RETRIEVAL_DEFAULTS,
    }),
    'library.documents': () => library.documents(),
    'watch.list': () => services.watches.list(),
    'watch.add': ({ folder, collectionId }) => {
      shell.authorizePaths?.([folder])
      if (collectionId != null) collections().require(collectionId)
      return services.watches.add(folder, collectionId ?? null)
    },
    'watch.pause': ({ folder }) => services.watches.pause(folder),
    'watch.resume': ({ folder }) => services.watches.resume(folder),
    'watch.remove': ({ folder }) => services.watches.remove(folder),
    'library.import': ({ paths, keepDuplicateText, collectionId }) => {
      shell.authorizePaths?.(paths)
      if (collectionId !== undefined) collections().require(collectionId)
      return {
        jobId: imports.enqueue(paths, {
          ...(keepDuplicateText ? { keepDuplicateText } : {}),
          ...(collectionId !== undefined ? { collectionId } : {}),
        }),
      }
    },
    'library.upload': async ({ files, keepDuplicateText, collectionId }) => {
      if (collectionId !== undefined) collections().require(collectionId)
      // Each file's bytes were streamed to disk first (POST /api/upload); claimed here by id only.
      const staged = files.map((f) => ({ name: f.name, ...services.uploads.take(f.uploadId) }))
      // Each file gets its own result: a bad one is reported in the batch, the others import.
      const { saved, rejected } = await saveUploads(library.dir, staged)
      return {
        jobId: imports.enqueue(saved, {
          copies: saved,
          rejected,
          ...(keepDuplicateText ? { keepDuplicateText } : {}),
          ...(collectionId !== undefined ? { collectionId } : {}),
        }),
      }
    },
    'library.reindexOutdated': () => {
      const paths = library.outdatedPaths()
      if (!paths.length) throw new QuireError('NOTHING_OUTDATED', NOTHING_OUTDATED)
      return { jobId: imports.enqueue(paths) }
    },
    'library.pickFiles': async ({ folders }) => ({
      paths: await shell.pickFiles({ folders: folders ?? false }),
    }),
    'library.cancelImport': ({ jobId }) => {
      imports.cancel(jobId)
      return {}
    },
    'library.remove': async ({ documentId }) => {
      await library.remove(documentId)
      services.events.emit('library.changed', {})
      return {}
    },
    'library.showInFolder': ({ documentId }) => {
      // The path comes from the library's own records, never from the caller.
      const file = library.documentPath(documentId)
      if (!file)
        throw new QuireError('DOCUMENT_NOT_FOUND', `There is no document ${documentId} in this library.`)
      if (!shell.showInFolder)
        throw new QuireError('NOT_AVAILABLE', 'The browser version cannot open folders on this computer.')
      shell.showInFolder(file)
      return {}
    },
    'library.page': ({ documentId, pageNo }) => {
      const page = library.page(documentId, pageNo)
      if (!page) throw new QuireError('PAGE_NOT_FOUND', `Document ${documentId} has no page ${pageNo}.`)
      return page
    },
    'library.documentText': ({ documentId, chunkId }) => {
      const text = library.documentText(documentId, chunkId)
      if (!text)
        throw new QuireError('DOCUMENT_NOT_FOUND', `There is no document ${documentId} in this library.`)
      return text
    },
    'library.pdfUrl': ({ documentId }) => {
      requireDocument(services, documentId)
      return { url: shell.pdfUrl(documentId) }
    },
    'library.status': () => {
      const docs = library.documents()
      return {
        embedding: library.embeddingStatus(),
        libraryDir: library.dir,
        documents: docs.length,
        chunks: docs.reduce((sum, d) => sum + d.chunks, 0),
        vectorRebuild: library.vectorRebuild(),
        otherFiles: library.otherFiles(5),
        reranker: library.rerankerStatus(),
      }
    },
    'library.delete': async () => {
      await services.deleteLibrary()
      return {}
    },
    'library.check': ({ repair }) => services.checkLibrary(repair),
    'library.importModelFolder': ({ path }) => {
      shell.authorizePaths?.([path])
      return library.importModelFolder(path)
    },
    'library.importReranker': ({ path }) => {
      shell.authorizePaths?.([path])
      return library.importReranker(path)
    },
    'library.removeReranker': () => library.removeReranker(),
    'search.query': ({ query, k, documentIds, collectionId }) =>
      library.owner.search(query, {
        k,
        scope: documentIds
          ? { kind: 'documents', documentIds }
          : collectionId !== undefined
            ? { kind: 'collection', collectionId }
            : { kind: 'library' },
      }),
    'chat.ask': (input) => chat.ask(input),
    'chat.stop': ({ requestId }) => {
      chat.stop(requestId)
      return {}
    },
    'conversations.list': ({ query, collectionId }) => {
      if (collectionId !== undefined) collections().require(collectionId)
      return conversations.list(query, collectionId)
    },
    'conversations.get': ({ id }) => conversations.get(id),
    'conversations.rename': ({ id, title }) => conversations.rename(id, title),
    'conversations.delete': ({ id }) => {
      conversations.delete(id)
      return {}
    },
    'conversations.export': ({ id }) => conversations.export(id),
    'collections.list': () => collections().list(),
    'collections.create': ({ name }) => changed(collections().create(name)),
    'collections.rename': ({ id, name }) => changed(collections().rename(id, name)),
    'collections.delete': ({ id }) => {
      collections().delete(id)
      return changed({})
    },
    'collections.addDocuments': ({ id, documentIds }) => changed(collections().add(id, documentIds)),
    'collections.removeDocuments': ({ id, documentIds }) => changed(collections().remove(id, documentIds)),
    'collections.documentIds': ({ id }) => {
      collections().require(id)
      return collections().documentIds(id)
    },
    'settings.get': () => services.settings.get(),
    'settings.set': (patch) => services.updateSettings(patch),
    'ollama.status': () => services.answerer().status(),
  }
}
